import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and leaves the rest', () => {
    expect(escapeHtml(`<a href="x" title='y'>Keramiek & Glas</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Keramiek &amp; Glas&lt;/a&gt;',
    );
    expect(escapeHtml('Zeegroene vaas – € 45,00 ë')).toBe('Zeegroene vaas – € 45,00 ë');
  });
});
