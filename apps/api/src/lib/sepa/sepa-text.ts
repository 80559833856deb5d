/**
 * Text in a SEPA file. The EPC's implementation guidelines allow only the Latin character set
 * `a-z A-Z 0-9 / - ? : ( ) . , ' +` and the space in names and references; a bank may refuse a whole file over one
 * `é`. Accented letters lose their accent, a few letters without a decomposition are spelled out, `&` becomes `+`,
 * anything else becomes a space. Identifiers (MsgId, EndToEndId) also have no spaces, do not start or end with `/`
 * and contain no `//`.
 */

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  '&': '+',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '“': "'",
  '”': "'",
  '"': "'",
  '–': '-',
  '—': '-',
};

/** Every character a SEPA text may hold. */
export const SEPA_TEXT_PATTERN = /^[a-zA-Z0-9/\-?:().,'+ ]*$/;

/** `text` in the SEPA character set, spaces collapsed, at most `maxLength` characters (never ending in a space). */
export function sepaText(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\s\w]|_/g, (char) => SPELLED_OUT[char] ?? char)
    .replace(/[^a-zA-Z0-9/\-?:().,'+]+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

/**
 * An identifier for a SEPA file: the SEPA character set without spaces, no leading or trailing `/`, no `//`, at
 * most `maxLength` (35) characters; `NOTPROVIDED` (the EPC's word for "none") when nothing is left.
 */
export function sepaId(text: string, maxLength = 35): string {
  const id = sepaText(text, Number.MAX_SAFE_INTEGER)
    .replace(/ *- *| +/g, '-')
    .replace(/\/{2,}/g, '/')
    // After the line above a slash never follows a slash: one at either end is all there can be.
    .replace(/^\//, '')
    .slice(0, maxLength)
    .replace(/\/$/, '');
  return id || 'NOTPROVIDED';
}

/** `<`, `>`, `&` and quotes as XML entities: the one escaping of the SEPA writer, applied to every value. */
export function xmlEscape(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&${XML_ENTITIES[char]};`);
}

const XML_ENTITIES: Record<string, string> = { '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' };
