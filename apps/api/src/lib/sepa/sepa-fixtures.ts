import fc from 'fast-check';

/** A valid IBAN for a country and account part: ISO 13616's check digits, 98 − (number mod 97). */
export function ibanOf(country: string, bban: string): string {
  const digits = `${bban}${country}00`.replace(/[A-Z]/g, (char) => String(char.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** Random Dutch IBANs: four letters of a bank and ten digits. */
export const dutchIban = fc
  .tuple(fc.stringMatching(/^[A-Z]{4}$/), fc.stringMatching(/^\d{10}$/))
  .map(([bank, account]) => ibanOf('NL', `${bank}${account}`));

export const PLATFORM_ACCOUNT = { name: 'Ateliermarkt B.V.', iban: 'NL91ABNA0417164300' };
