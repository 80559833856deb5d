import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * Applied migrations are history, kept byte for byte (the runner applies them by hash): they may keep theirs. So are
 * the migrations of an old line that the upgrade test replays (`legacy-fixtures/`, checked against their hashes).
 */
const HISTORY = /^apps\/api\/src\/db\/(?:migrations|legacy-fixtures)\//;

/** The lines of every tracked text file but this one and the history, with the file's path: read once for both checks. */
let tracked: { file: string; lines: string[] }[] | undefined;
function trackedLines(): { file: string; lines: string[] }[] {
  if (tracked) return tracked;
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && file !== self && !HISTORY.test(file) && existsSync(path.join(root, file)));
  const texts: { file: string; lines: string[] }[] = [];
  for (const file of files) {
    const bytes = readFileSync(path.join(root, file));
    if (bytes.includes(0)) continue; // binary: images, fonts, archives
    texts.push({ file, lines: bytes.toString('utf8').split('\n') });
  }
  tracked = texts;
  return texts;
}

/** `path:line: text` of every line of a tracked text file that cites a document outside the repository. */
function citations(): string[] {
  const found: string[] = [];
  for (const { file, lines } of trackedLines()) {
    lines.forEach((line, i) => {
      if (CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

/** A page of the repository's docs named by its path from the root, in a comment, a test or a doc. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*\w\.md\b/g;
/** A decision named by its number alone: `docs/decisions/0040`. */
const DECISION_NUMBER = /(?<![\w/.-])docs\/decisions\/(\d{4})(?![\w-])/g;
/** A Markdown link to another page, relative to the page it is in (no bracket in the target: linear time). */
const MARKDOWN_LINK = /\]\(([^()[\]#\s:]+\.md)(?:#[^()[\]#\s]*)?\)/g;

/** `path:line: target` of every link to a page of the repository that is not there (moved, renamed, never written). */
function deadLinks(): string[] {
  const decisions = readdirSync(path.join(root, 'docs/decisions'));
  const found: string[] = [];
  for (const { file, lines } of trackedLines()) {
    lines.forEach((line, i) => {
      const dead = (target: string) => found.push(`${file}:${i + 1}: ${target}`);
      for (const [target] of line.matchAll(DOCS_PATH)) if (!existsSync(path.join(root, target))) dead(target);
      for (const [target, number] of line.matchAll(DECISION_NUMBER))
        if (!decisions.some((name) => name.startsWith(`${number}-`))) dead(target);
      if (!file.endsWith('.md')) return;
      for (const [, target = ''] of line.matchAll(MARKDOWN_LINK))
        if (!existsSync(path.join(root, path.dirname(file), target))) dead(target);
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

describe('links to pages of the repository', () => {
  it('recognizes a page named by its path, a decision by its number and a Markdown link', () => {
    const paths = (line: string) => [...line.matchAll(DOCS_PATH)].map(([target]) => target);
    expect(paths('the rule (docs/decisions/0049-notes-in-the-audit-log.md).')).toEqual([
      'docs/decisions/0049-notes-in-the-audit-log.md',
    ]);
    expect(paths('see docs/testing.md and apps/web/docs/x.md')).toEqual(['docs/testing.md']);
    expect([...'docs/decisions/0040, docs/decisions/0040-x.md'.matchAll(DECISION_NUMBER)].map((m) => m[1])).toEqual([
      '0040',
    ]);
    const links = [
      ...'[0091](decisions/0091-plain-list-cards.md) [a](https://x.nl/a.md) [b](lists.md#top)'.matchAll(MARKDOWN_LINK),
    ].map((m) => m[1]);
    expect(links).toEqual(['decisions/0091-plain-list-cards.md', 'lists.md']);
  });

  it('finds none that leads nowhere', () => {
    expect(deadLinks()).toEqual([]);
  });
});
