import { describe, expect, it } from 'vitest';
import { PAGE_SLUG, slugify, WORKSHOP_SLUG } from './slug.ts';

describe('slugify', () => {
  it('writes a title as lower-case words joined by one dash, accents off and & as en', () => {
    expect(slugify('Keramiek & Glas ë')).toBe('keramiek-en-glas-e');
    expect(slugify('  Café   Ümlaut -- ﬁjn!  ')).toBe('cafe-umlaut-fijn');
    expect(slugify('De Draaischijf', WORKSHOP_SLUG)).toBe('de-draaischijf');
  });

  it('cuts at the maximum length without a dash at the end', () => {
    const long = `${'a'.repeat(59)} bbbb`;
    expect(slugify(long, WORKSHOP_SLUG)).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(200), PAGE_SLUG)).toHaveLength(80);
  });

  it('falls back when nothing of the text is left', () => {
    expect(slugify('!!!')).toBe('pagina');
    expect(slugify('***', WORKSHOP_SLUG)).toBe('atelier');
  });

  it('takes linear time on a long run of signs', () => {
    expect(slugify(`a${'-'.repeat(100_000)}`)).toBe('a');
  });
});
