/**
 * IBANs: ISO 13616, checked with the mod-97 rule of ISO 7064. Written with or without spaces and in
 * any case; stored and used compact and in capitals.
 */

/** The IBAN without spaces, in capitals: how it is stored and put in a bank file. */
export const normalizeIban = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/** Whether `text` is an IBAN: country code, two check digits, up to 30 letters/digits, and mod-97 equal to 1. */
export function isValidIban(text: string): boolean {
  const iban = normalizeIban(text);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** In groups of four, as people read it: `NL91 ABNA 0417 1643 00`. */
export const formatIban = (text: string) =>
  normalizeIban(text)
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** How long a changed payout account is flagged in the payouts preview ('IBAN recent gewijzigd'). */
export const IBAN_RECENT_DAYS = 14;

/** Whether the payout account changed within the last `IBAN_RECENT_DAYS` days before `now` (ISO 8601 or null). */
export function ibanChangedRecently(changedAt: string | null, now: Date = new Date()): boolean {
  if (!changedAt) return false;
  const age = now.getTime() - new Date(changedAt).getTime();
  return age < IBAN_RECENT_DAYS * 86_400_000;
}

/** For those who may not see it whole: country and the last four characters, `NL•• •••• •••• ••43 00`-like. */
export function maskIban(text: string): string {
  const iban = normalizeIban(text);
  if (iban.length <= 6) return '••••';
  return formatIban(iban.slice(0, 2) + '•'.repeat(iban.length - 6) + iban.slice(-4));
}
