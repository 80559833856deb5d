import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order the API test files start in (vitest's `sequence.sequencer`): the longest first, by the durations recorded
 * in `durations.json` beside this file. The two workers take files from one queue, so a long file that starts last
 * runs alone at the end while the other worker idles; started first, it runs beside the many short ones. Vitest's own
 * order does the same from its cache of the last run on this machine, which a fresh checkout (CI) does not have, and
 * which a run of one file or a run under a heavy load skews.
 *
 * Files not in the record (new ones) start first, as vitest's own order does with files it has not timed: one of them
 * may be long. Other projects keep vitest's order. Record again after adding slow files (docs/testing.md):
 *
 *   npx vitest run --project api --reporter=json --outputFile=.tmp/api-times.json
 *   node --import tsx apps/api/src/test/slowest-first.ts .tmp/api-times.json
 */

const RECORD = path.join(import.meta.dirname, 'durations.json');
const API_ROOT = path.resolve(import.meta.dirname, '../..');
const PROJECT = 'api';

/** Seconds per test file, by its path from apps/api (`src/…`). */
type Durations = Record<string, number>;

function recorded(): Durations {
  return JSON.parse(readFileSync(RECORD, 'utf8')) as Durations;
}

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order keeps each project's files together (projects run in turn); only the api project's are reordered.
    const ordered = await super.sort(files);
    const durations = recorded();
    const seconds = (spec: TestSpecification) => durations[path.relative(API_ROOT, spec.moduleId)] ?? Infinity;
    const api = ordered.filter((spec) => spec.project.name === PROJECT);
    // Stable: unknown files (Infinity) keep vitest's order among themselves, ahead of the recorded ones.
    api.sort((a, b) => {
      const [x, y] = [seconds(a), seconds(b)];
      return x === y ? 0 : x > y ? -1 : 1;
    });
    let next = 0;
    return ordered.map((spec) => (spec.project.name === PROJECT ? (api[next++] as TestSpecification) : spec));
  }
}

/** Vitest's JSON report, the part read here. */
type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

/** Writes the record from a JSON report of a whole run of the api project. */
function record(reportFile: string): void {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  const durations: Durations = {};
  const rows = report.testResults
    .map((r) => ({ file: path.relative(API_ROOT, r.name), seconds: Math.round((r.endTime - r.startTime) / 100) / 10 }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  for (const row of rows) durations[row.file] = row.seconds;
  writeFileSync(RECORD, `${JSON.stringify(durations, null, 2)}\n`);
  console.log(`${rows.length} files recorded in ${path.relative(process.cwd(), RECORD)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reportFile = process.argv[2];
  if (!reportFile) {
    console.error(
      'usage: node --import tsx apps/api/src/test/slowest-first.ts <vitest json report of the api project>',
    );
    process.exit(2);
  }
  record(reportFile);
}
