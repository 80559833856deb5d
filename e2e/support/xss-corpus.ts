/**
 * An XSS corpus for the browser: every payload that runs calls `window.__xss(<its number>)` (or `parent.__xss`, or
 * sets `window.__xss`), which the trap of `xssTrapScript` records. Kept short enough (≤ 64 characters) to fit the
 * shortest text fields (a user's name, a favourite colour), so the same payload goes into every field.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss(1)</script>',
  '<img src=x onerror="window.__xss(2)">',
  '<svg onload="window.__xss(3)"></svg>',
  '<svg><script>window.__xss(4)</script></svg>',
  '<a href="javascript:window.__xss(5)">klik 5</a>',
  '<a href="JaVaScRiPt:window.__xss(6)">klik 6</a>',
  '<a href="&#106;avascript:window.__xss(7)">klik 7</a>',
  '<a href="java&#x09;script:window.__xss(8)">klik 8</a>',
  '"><img src=x onerror=window.__xss(9)>',
  "'><svg onload=window.__xss(10)>",
  '</textarea><img src=x onerror=window.__xss(11)>',
  '</title><script>window.__xss(12)</script>',
  "{{constructor.constructor('window.__xss(13)')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-ish payload, on purpose
  '${window.__xss(14)}',
  '%3Cscript%3Ewindow.__xss(15)%3C%2Fscript%3E',
  '&lt;img src=x onerror=window.__xss(16)&gt;',
  '[klik 17](javascript:window.__xss(17))',
  '<iframe src="javascript:window.__xss(18)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(19)</script>"></iframe>',
  '<body onload=window.__xss(20)>',
  '<details open ontoggle=window.__xss(21)>',
  '<input autofocus onfocus=window.__xss(22)>',
  '<math><style><img src=x onerror=window.__xss(23)>',
  '<object data="javascript:window.__xss(24)"></object>',
  '<embed src="javascript:window.__xss(25)">',
  '<div style="background:url(javascript:window.__xss(26))">',
  '<<script>script>window.__xss(27)<</script>/script>',
  '<img src=x onerror=&#119;indow.__xss(28)>',
  '<a href="data:text/html,<script>parent.__xss(29)</script>">d</a>',
  '<scr<script>ipt>window.__xss(30)</script>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(31)>">',
  '<a href=" javascript:window.__xss(32)">spatie 32</a>',
  '\\u003cimg src=x onerror=window.__xss(33)\\u003e',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(34)">',
  '<p onclick="window.__xss = 35">klik 35</p>',
];

/**
 * Installed with `page.addInitScript` before any of the page's own code: a trap that records every call of
 * `window.__xss(…)` and every assignment to it, in this frame and (through `parent`) in frames inside it.
 */
export function xssTrapScript() {
  const w = window as unknown as { __xssHits?: string[] };
  const hits: string[] = [];
  w.__xssHits = hits;
  Object.defineProperty(window, '__xss', {
    configurable: false,
    get: () => (n: unknown) => {
      hits.push(`call ${String(n)}`);
    },
    set: (v: unknown) => {
      hits.push(`set ${String(v)}`);
    },
  });
}

/** Run in the page: what in the DOM could run script (inline handlers, script-like URLs, script/frame elements). */
export function dangerousDom(): string[] {
  const found: string[] = [];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'srcdoc'];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these characters in URLs
      const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (name.startsWith('on')) found.push(`${el.tagName} ${name}`);
      if (urlAttributes.includes(name) && /^(javascript|vbscript|data:text\/html)/.test(value))
        found.push(`${el.tagName} ${name}=${attr.value}`);
      if (name === 'srcdoc') found.push(`${el.tagName} srcdoc`);
    }
    const tag = el.tagName.toLowerCase();
    if (['iframe', 'object', 'embed', 'frame', 'meta'].includes(tag) && el.closest('body')) found.push(tag);
    // index.html's boot script (decision 0060) is the one inline script of the head, allowed by its CSP hash.
    const bootScript = el.parentElement === document.head && el.hasAttribute('data-boot');
    if (tag === 'script' && !(el as HTMLScriptElement).src && !bootScript) found.push('inline script');
  }
  return found;
}
