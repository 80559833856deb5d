import { EDITOR_OUTPUT, XSS_CORPUS, XSS_MARKERS } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './rich-text.ts';

const publicUrl = 'https://beheer.example.nl';
const full = (html: string) => sanitizeRichText(html, { profile: 'full', publicUrl });
const basic = (html: string) => sanitizeRichText(html, { profile: 'basic', publicUrl });

describe('sanitizeRichText', () => {
  it('keeps what the editor produces unchanged', () => {
    const html =
      '<h2>Over ons</h2><p>Een <strong>vet</strong>, <em>schuin</em>, <u>onderstreept</u> en <s>doorgehaald</s> woord.</p>' +
      '<ul><li><p>een</p></li></ul><ol><li><p>twee</p></li></ol><blockquote><p>citaat</p></blockquote>' +
      '<p><a target="_blank" rel="noopener noreferrer" href="https://example.nl">link</a></p>' +
      '<img src="/uploads/images/abc/original.jpg" alt="vaas" width="300">';
    expect(full(html)).toBe(html);
  });

  it.each(Object.entries(EDITOR_OUTPUT))('keeps the editor output of the %s toolbar unchanged', (profile, html) => {
    expect(sanitizeRichText(html, { profile: profile as 'basic' | 'full', publicUrl })).toBe(html);
    expect(full(html)).toBe(html);
  });

  it.each(XSS_CORPUS)('stores %s harmless', (attack) => {
    for (const out of [full(attack), basic(attack)]) {
      for (const marker of XSS_MARKERS) expect(out.toLowerCase()).not.toContain(marker);
    }
  });

  it('removes scripts, event handlers, styles and javascript links', () => {
    const out = full(
      '<p onclick="alert(1)" style="color:red">tekst<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe><svg><script>1</script></svg>' +
        '<img src=x onerror=alert(1)><a href="//evil.example">proto</a>',
    );
    expect(out).toBe('<p>tekst</p><a rel="noopener noreferrer">x</a><a rel="noopener noreferrer">proto</a>');
  });

  it('allows images from this server only', () => {
    expect(full(`<img src="${publicUrl}/uploads/images/a/original.png">`)).toBe(
      `<img src="${publicUrl}/uploads/images/a/original.png">`,
    );
    expect(full('<img src="https://elders.example/x.jpg">')).toBe('');
    expect(full('<img src="/uploads/images/../secrets/jwt-secret">')).toBe('');
    expect(full('<img src="/uploads/images/a%20b/o.jpg">')).toBe('<img src="/uploads/images/a%20b/o.jpg">');
  });

  it.each([
    '/uploads/images/%2e%2e/secrets/jwt-secret',
    '/uploads/images/%2E%2E/%2E%2E/etc/passwd',
    '/uploads/images/.%2e/x',
    '/uploads/images/%252e%252e/x',
    '/uploads/images/a/..%2f..%2f..%2fx',
    '/uploads/images/a/%2e/o.jpg',
    '/uploads/images/./a/o.jpg',
    '/uploads/images//a/o.jpg',
    '/uploads/images/..\\x',
    '/uploads/images/%5c..%5cx',
    '/uploads/images/a%ZZ/o.jpg',
    '/uploads/%69mages/a/o.jpg/../../../x',
    `${publicUrl}/uploads/images/%2e%2e/x`,
    // A browser drops tab, line feed and carriage return from a URL, so `.\t.` is `..` to it.
    '/uploads/images/.\t./.\t./secrets/jwt-secret',
    '/uploads/images/.\n./x',
    '/uploads/images/.\r./x',
    '/uploads/images/.&#9;./x',
    '/uploads/images/.&#10;./&#13;../x',
    '/uploads/images/.%09./x',
    '/uploads/images/.%0A./.%0d./x',
  ])('refuses the image %s, which leaves the images once decoded and resolved', (src) => {
    expect(full(`<img src="${src}">`)).toBe('');
    expect(full('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('basic keeps only bold, italic, underline, strike and links', () => {
    expect(
      basic('<h2>Kop</h2><p><b>vet</b> <i>schuin</i></p><ul><li>punt</li></ul><img src="/uploads/images/a/o.jpg">'),
    ).toBe('Kop<p><strong>vet</strong> <em>schuin</em></p>punt');
  });

  it('knows an empty value', () => {
    expect(isBlankRichText('<p></p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankRichText('<p>x</p>')).toBe(false);
    expect(isBlankRichText('<img src="/uploads/images/a/o.jpg">')).toBe(false);
  });
});
