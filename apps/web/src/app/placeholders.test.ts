import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A grey '12,50', 'NL91 ABNA 0417 1643 00' or '1234 AB' in an empty field looks like a saved value. A
 * placeholder may only say what to do ('Kies een provincie', 'Zoek op code of naam', 'Alle'); an example of what to
 * type is the field's description, which stays readable when the field is filled. Every placeholder written in the
 * web app's source is checked, so a new form cannot bring one back.
 */
const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `placeholder="…"`, `placeholder={'…'}` and `placeholder={\`…\`}`, and each branch's text of a `? … : …`. */
function placeholders(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/placeholder=(?:"([^"]*)"|\{([^}]*)\})/g)) {
      const literal = match[1];
      const expression = match[2] ?? '';
      const texts =
        literal !== undefined
          ? [literal]
          : [...expression.matchAll(/'([^']*)'|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? '');
      for (const text of texts) found.push({ file: path.relative(SRC, file), text });
    }
  }
  return found;
}

/** An example value: it holds a digit (an amount, a code, a date) or says it is one ('Bijvoorbeeld …'). */
const looksLikeValue = (text: string) => /\d/.test(text) || /^bijvoorbeeld\b/i.test(text.trim());

describe('placeholders', () => {
  it('finds the placeholders in the source (the scan works)', () => {
    expect(placeholders().map((p) => p.text)).toContain('Kies een provincie');
  });

  it('never show an example value in an empty field', () => {
    const valueLike = placeholders().filter((p) => looksLikeValue(p.text));
    expect(valueLike.map((p) => `${p.file}: ${p.text}`)).toEqual([]);
  });
});
