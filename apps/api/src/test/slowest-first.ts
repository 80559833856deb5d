import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { type Durations, RECORD, recorded, recordKey } from './durations.ts';

/**
 * The order the API test files start in (vitest's `sequence.sequencer`): the longest first, by the durations recorded
 * in `durations.json` beside this file. The two workers take files from one queue, so a long file that starts last
 * runs alone at the end while the other worker idles; started first, it runs beside the many short ones. Vitest's own
 * order does the same from its cache of the last run on this machine, which a fresh checkout (CI) does not have, and
 * which a run of one file or a run under a heavy load skews.
 *
 * Files not in the record (new ones) start first, as vitest's own order does with files it has not timed: one of them
 * may be long. Other projects' files come after the api project's, in vitest's order. Record again after adding slow files (docs/testing.md):
 *
 *   npx vitest run --project api --reporter=json --outputFile=.tmp/api-times.json
 *   node --import tsx apps/api/src/test/slowest-first.ts .tmp/api-times.json
 */

const PROJECT = 'api';

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const durations = recorded();
    const seconds = (spec: TestSpecification) => durations[recordKey(spec.moduleId)] ?? Infinity;
    const api = ordered.filter((spec) => spec.project.name === PROJECT);
    // Stable: unknown files (Infinity) keep vitest's order among themselves, ahead of the recorded ones.
    api.sort((a, b) => {
      const [x, y] = [seconds(a), seconds(b)];
      return x === y ? 0 : x > y ? -1 : 1;
    });
    // The api project's files first, then each other project's together (the unit tests, when `npm test` runs them
    // in the same invocation), each in vitest's order: the short unit files fill the API files' tail, and a worker
    // keeps its module graph from one file to the next only while the next file is of the same project (vitest
    // ends the worker otherwise, and a new one imports everything again).
    const others = ordered.filter((spec) => spec.project.name !== PROJECT);
    const projects = [...new Set(others.map((spec) => spec.project.name))];
    return [...api, ...projects.flatMap((name) => others.filter((spec) => spec.project.name === name))];
  }
}

/** Vitest's JSON report, the part read here. */
type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

/** Writes the record from a JSON report of a whole run of the api project. */
function record(reportFile: string): void {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as Report;
  const durations: Durations = {};
  const rows = report.testResults
    .map((r) => ({ file: recordKey(r.name), seconds: Math.round((r.endTime - r.startTime) / 100) / 10 }))
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
