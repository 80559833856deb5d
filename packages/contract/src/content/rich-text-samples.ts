/**
 * Shared test data for rich text. `EDITOR_OUTPUT` is exactly what the web app's editor produces (a web test checks
 * that the editor writes each sample back unchanged); an API test checks that the sanitizer keeps each unchanged.
 * Together they prove that what the editor produces survives a save and a reload. `XSS_CORPUS` is what an
 * attacker might post into any rich-text field.
 */
export const EDITOR_OUTPUT = {
  basic:
    '<p>Een <strong>vet</strong>, <em>schuin</em>, <u>onderstreept</u> en <s>doorgehaald</s> woord, ' +
    '<a target="_blank" rel="noopener noreferrer" href="https://www.ateliermarkt.nl/over-ons">een link</a> en ' +
    '<a rel="noopener noreferrer" href="mailto:info@ateliermarkt.nl">een e-mailadres</a>.</p><p>Tweede alinea.</p>',
  full:
    '<h2>Over ons</h2><p>Een <strong>vet</strong> en <em>schuin</em> woord.</p><h3>Werkwijze</h3>' +
    '<ul><li><p>draaien</p></li><li><p>glazuren</p></li></ul><ol><li><p>eerst</p></li><li><p>daarna</p></li></ol>' +
    '<blockquote><p>Elk stuk is uniek.</p></blockquote>' +
    '<img src="/uploads/images/00000000-0000-4000-8000-000000000001/original.jpg" alt="vaas" width="320">' +
    '<p><a target="_blank" rel="noopener noreferrer" href="https://www.ateliermarkt.nl">Bekijk de webshop</a></p>',
} as const;

/** Markers that must never appear in stored rich text after the corpus went in. */
export const XSS_MARKERS = [
  '<script',
  'onerror',
  'onload',
  'onclick',
  'onmouseover',
  'javascript:',
  '<svg',
  '<iframe',
  '<object',
  '<embed',
  '<style',
  'style=',
  'data:',
  '<form',
  '<math',
  'srcdoc',
  'vbscript:',
] as const;

export const XSS_CORPUS = [
  '<p>Hallo<script>window.__xss = 1</script></p>',
  '<img src="x" onerror="window.__xss = 1">',
  '<img src="/uploads/images/a/original.jpg" onload="window.__xss = 1">',
  '<a href="javascript:window.__xss = 1">klik</a>',
  '<a href="JaVaScRiPt:window.__xss=1">klik</a>',
  '<a href="&#106;avascript:window.__xss=1">klik</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload="window.__xss = 1"><circle r="1"></circle></svg>',
  '<svg><script>window.__xss = 1</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 1">',
  '<p style="background:url(javascript:window.__xss=1)">stijl</p>',
  '<style>body{display:none}</style><p>weg</p>',
  '<div onmouseover="window.__xss = 1">hover</div>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  '<form action="javascript:window.__xss=1"><button>verstuur</button></form>',
  '<p onclick="window.__xss = 1">klik<p><b>gebroken <i>opmaak',
  '"><img src=x onerror=window.__xss=1>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="https://example.nl" onclick="window.__xss = 1">link</a>',
  '<<script>script>window.__xss = 1<</script>/script>',
] as const;
