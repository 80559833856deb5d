import { posix } from 'node:path';
import { IMAGE_URL_PATH } from '@ateliermarkt/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitizer of rich text, applied on save. 'basic' is the FAQ answers' and the
 * texts' toolbar (bold, italic, underline, strike, link); 'full' adds headings, lists, quotes and images.
 */
export type RichTextProfile = 'basic' | 'full';

const BASIC_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'a'];
const FULL_TAGS = [...BASIC_TAGS, 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'img'];

/** The text with every percent-escape decoded, also twice-encoded ones (`%252e`); null when one cannot be. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * An image of this server: a path under IMAGE_URL_PATH, relative or on PUBLIC_URL. The check is made on the path as
 * a reader resolves it: percent-decoded (`%2e%2e` is `..`) and with its dot segments resolved; a path that changes
 * when resolved (`.`, `..`, `//`), holds a backslash (a browser reads it as `/`) or a control character (a browser
 * drops tab, line feed and carriage return from a URL, so `.<tab>.` is `..`) is refused.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

function isOwnImage(src: string, publicUrl: string): boolean {
  const path = src.startsWith(`${publicUrl}/`) ? src.slice(publicUrl.length) : src;
  const decoded = fullyDecoded(path);
  if (decoded === null || !decoded.startsWith(IMAGE_URL_PATH) || decoded.includes('\\')) return false;
  if (CONTROL.test(src) || CONTROL.test(decoded)) return false;
  return posix.normalize(decoded) === decoded;
}

export function sanitizeRichText(html: string, options: { profile: RichTextProfile; publicUrl: string }): string {
  const { profile, publicUrl } = options;
  const clean = sanitizeHtml(html, {
    allowedTags: profile === 'full' ? FULL_TAGS : BASIC_TAGS,
    allowedAttributes: {
      a: ['href', 'rel', 'target'],
      img: ['src', 'alt', 'width', 'height'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // Scripts, styles and the like go with their content; other unknown tags keep their text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src ?? '', publicUrl),
    transformTags: {
      // Attributes in the order the editor writes them (target, rel, href), so its output comes back unchanged.
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
          rel: 'noopener noreferrer',
          ...(attribs.href ? { href: attribs.href } : {}),
        },
      }),
      b: 'strong',
      i: 'em',
      strike: 's',
      img: (tagName, attribs) => {
        const out: Record<string, string> = { src: attribs.src ?? '' };
        if (attribs.alt) out.alt = attribs.alt;
        for (const dim of ['width', 'height'] as const) {
          const n = Number(attribs[dim]);
          if (Number.isInteger(n) && n > 0 && n <= 4000) out[dim] = String(n);
        }
        return { tagName, attribs: out };
      },
    },
  });
  // sanitize-html writes void elements as `<img />`; the editor writes `<img>`: keep the editor's form, so what it
  // produced comes back unchanged.
  return clean
    .replace(/<(img|br)\b([^<>]*)\/>/g, (_, tag: string, attributes: string) => `<${tag}${attributes.trimEnd()}>`)
    .trim();
}

/** True when the sanitized HTML has no visible text and no image (an "empty" rich-text value). */
export function isBlankRichText(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === '';
}

/**
 * Stored rich text names this server's images by path (`/uploads/images/…`); a storefront on another origin needs
 * them absolute, on PUBLIC_URL. Only `src` attributes the sanitizer wrote are touched.
 */
export function withAbsoluteImageUrls(html: string, publicUrl: string): string {
  return html.replaceAll(`src="${IMAGE_URL_PATH}`, `src="${publicUrl}${IMAGE_URL_PATH}`);
}
