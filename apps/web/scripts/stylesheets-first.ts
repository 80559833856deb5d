/**
 * The head's stylesheets before its scripts (part of `npm run build`, in scripts/prerender.ts).
 *
 * Vite writes the entry's `<script type="module">` and its `<link rel="modulepreload">`s before the stylesheets. Over
 * HTTP/1.1 a browser opens six connections to an address, so on a slow phone connection the render-blocking
 * stylesheet waited behind the scripts' downloads before the first paint could happen (Lighthouse's
 * 'render-blocking-resources' counted 0.5–0.6 s for each stylesheet). Now:
 * - a stylesheet of at most INLINE_MAX_BYTES (the entry's own few rules: the root's background, the focus outline)
 *   is written into the head as a `<style data-href>` (its address, which scripts/initial-size.ts counts) where its
 *   link was: one request less before the first paint;
 * - the other stylesheets' links move up to just before the first script or modulepreload of the head.
 * The stylesheets keep their order among themselves and against the head's other `<style>`s, so the cascade is the
 * same; the scripts still load at once and run after the document is parsed, as before.
 */

/** The largest stylesheet written into the head instead of linked (the entry's own: about 0.6 KB). */
export const INLINE_MAX_BYTES = 2_000;

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>\n?/g;
const FIRST_SCRIPT = /[ \t]*<(?:script type="module"|link rel="modulepreload")[ >]/;

/** `readAsset` gives a stylesheet's text by its address in the page ("/assets/…"). */
export function stylesheetsFirst(html: string, readAsset: (href: string) => string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) throw new Error('index.html heeft geen </head>');
  const head = html.slice(0, headEnd);
  const firstScript = FIRST_SCRIPT.exec(head);
  if (!firstScript) return html;
  const moved: string[] = [];
  const rest = head.replace(STYLESHEET, (tag, href: string, offset: number) => {
    if (offset < firstScript.index) return tag;
    const css = readAsset(href);
    const inline = Buffer.byteLength(css) <= INLINE_MAX_BYTES && !css.includes('</style');
    moved.push(inline ? `<style data-href="${href}">${css.trim()}</style>` : tag.trim());
    return '';
  });
  if (moved.length === 0) return html;
  const script = FIRST_SCRIPT.exec(rest);
  const at = script?.index ?? rest.length;
  const indent = script ? (/^[ \t]*/.exec(script[0])?.[0] ?? '') : '';
  const block = moved.map((tag) => `${indent}${tag}\n`).join('');
  return `${rest.slice(0, at)}${block}${rest.slice(at)}${html.slice(headEnd)}`;
}
