import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

/**
 * A citation of a document a reader of the repository cannot open: the product's original specification and its
 * sections, the issue tracker's numbers, and the team's notes kept outside the repository (by file name). A comment or
 * a doc says the rule itself instead, in a few words. Words such as 'issuer', 'issued' or 'specific' are no citation,
 * and neither are files inside the repository (docs/decisions/…, docs/*.md, README.md).
 */
const CITATION = new RegExp(
  [
    String.raw`\b(?:DECISIONS|STYLE|STACK)\.md\b`,
    String.raw`\bDECISIONS:`,
    String.raw`\b[Ss]pec(?:ification)?(?: section)? §?\d`,
    String.raw`\b[Ii]ssues? #?\d`,
    String.raw`\b[Tt]he spec(?:ification)?\b`,
    String.raw`\b[Tt]he issue's\b`,
    String.raw`\/work\/shared`,
  ].join('|'),
);

/** Applied migrations are history, kept byte for byte (the runner applies them by hash): they may keep theirs. */
const HISTORY = /^apps\/api\/src\/db\/migrations\//;

/** `path:line: text` of every line of a tracked text file that cites a document outside the repository. */
function citations(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && file !== self && !HISTORY.test(file) && existsSync(path.join(root, file)));
  const found: string[] = [];
  for (const file of files) {
    const bytes = readFileSync(path.join(root, file));
    if (bytes.includes(0)) continue; // binary: images, fonts, archives
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('citations of documents outside the repository', () => {
  it('recognizes the forms a citation takes, and not the words that merely look alike', () => {
    for (const cited of [
      'the rule (spec 2.19, 2.20)',
      '// Issue 29: the bench',
      'as issue #7 asks',
      'issues 16 and 17',
      "spec 9's calculation",
      'Spec 7.4. Each route',
      'the round trip of DECISIONS.md',
      'STYLE.md 14 asks',
      'see STACK.md',
      "the spec's messages",
      'the spec’s Product',
      'a client written from the spec can',
      'the specification the back-office was built to',
      "The issue's goal",
    ]) {
      expect(cited, cited).toMatch(CITATION);
    }
    for (const plain of [
      'the issuer of the invoice',
      'issued once and never changed',
      'a specific workshop',
      'the OpenAPI spec of every route',
      'an issue with the driver',
      'docs/decisions/0028-live-events.md',
      'README.md and docs/testing.md',
      'the specs of Mollie',
    ]) {
      expect(plain, plain).not.toMatch(CITATION);
    }
  });

  it('finds none in a tracked file: comments, tests and docs say the rule in place', () => {
    expect(citations()).toEqual([]);
  });
});
