import { describe, expect, it } from 'vitest';
import { INLINE_MAX_BYTES, stylesheetsFirst } from './stylesheets-first.ts';

const HEAD = `<!doctype html>
<html lang="nl">
  <head>
    <title>x</title>
    <style>.first-paint{}</style>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/first-screen-b.js">
    <link rel="stylesheet" crossorigin href="/assets/first-screen-c.css">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    <style>.component{}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

const ASSETS: Record<string, string> = {
  '/assets/first-screen-c.css': `.m{color:red}${'x'.repeat(INLINE_MAX_BYTES)}`,
  '/assets/index-d.css': '._root{background:#faf6f1}\n',
};
const read = (href: string) => {
  const css = ASSETS[href];
  if (css === undefined) throw new Error(href);
  return css;
};

describe('stylesheetsFirst', () => {
  it('links the large stylesheet and inlines the small one before the scripts, in their order', () => {
    const out = stylesheetsFirst(HEAD, read);
    const order = [
      '<style>.first-paint{}</style>',
      '<link rel="stylesheet" crossorigin href="/assets/first-screen-c.css">',
      '<style data-href="/assets/index-d.css">._root{background:#faf6f1}</style>',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/first-screen-b.js">',
      '<style>.component{}</style>',
    ].map((tag) => out.indexOf(tag));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(out).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-d.css">');
    expect(out.match(/first-screen-c\.css/g)).toHaveLength(1);
    expect(out).toContain(
      '\n    <link rel="stylesheet" crossorigin href="/assets/first-screen-c.css">\n    <style data-href',
    );
    expect(out.slice(out.indexOf('<body>'))).toBe(HEAD.slice(HEAD.indexOf('<body>')));
  });

  it('leaves a head whose stylesheets already come first as it is', () => {
    const once = stylesheetsFirst(HEAD, read);
    expect(stylesheetsFirst(once, read)).toBe(once);
  });

  it('refuses a page without a head', () => {
    expect(() => stylesheetsFirst('<html><body></body></html>', read)).toThrow('</head>');
  });
});
