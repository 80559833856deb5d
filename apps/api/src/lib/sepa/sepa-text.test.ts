import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEPA_TEXT_PATTERN, sepaId, sepaText, xmlEscape } from './sepa-text.ts';

describe('sepaText', () => {
  it('keeps the SEPA character set and drops accents', () => {
    expect(sepaText("Atelier L'Écume (Zoë) - Crème/Brûlée: ja? 1,5 + 2.0", 140)).toBe(
      "Atelier L'Ecume (Zoe) - Creme/Brulee: ja? 1,5 + 2.0",
    );
  });

  it('spells out letters without a decomposition and replaces the rest with one space', () => {
    expect(sepaText('Straße Ærø Łódź', 70)).toBe('Strasse AEro Lodz');
    expect(sepaText('Klei & Glas', 70)).toBe('Klei + Glas');
    expect(sepaText('Keramiek_Studio <b>"Vaas"</b> @home ✓ 陶器', 70)).toBe("Keramiek Studio b 'Vaas' /b home");
    expect(sepaText('  veel    ruimte\tmet\nregels  ', 70)).toBe('veel ruimte met regels');
  });

  it('cuts to the maximum without a trailing space', () => {
    expect(sepaText('abc defgh', 4)).toBe('abc');
    expect(sepaText('x'.repeat(200), 70)).toHaveLength(70);
  });

  it('always answers SEPA characters within the length, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.integer({ min: 1, max: 140 }), (input, max) => {
        const out = sepaText(input, max);
        expect(out).toMatch(SEPA_TEXT_PATTERN);
        expect(out.length).toBeLessThanOrEqual(max);
        expect(out).toBe(out.trim());
      }),
    );
  });
});

describe('sepaId', () => {
  it('has no spaces, no leading or trailing slash and no double slash', () => {
    expect(sepaId('CRED 0042')).toBe('CRED-0042');
    expect(sepaId('/a//b/')).toBe('a/b');
    expect(sepaId('Crediteur nr. 7 — Zoë')).toBe('Crediteur-nr.-7-Zoe');
  });

  it('is NOTPROVIDED when nothing is left, and at most 35 characters', () => {
    expect(sepaId('')).toBe('NOTPROVIDED');
    expect(sepaId('陶器 ✓')).toBe('NOTPROVIDED');
    expect(sepaId('1234567890'.repeat(5))).toBe('12345678901234567890123456789012345');
  });

  it('holds for any input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (input) => {
        const id = sepaId(input);
        expect(id).toMatch(/^[a-zA-Z0-9/\-?:().,'+]{1,35}$/);
        expect(id).not.toMatch(/^\/|\/$|\/\//);
      }),
    );
  });
});

describe('xmlEscape', () => {
  it('escapes the five XML specials', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});
