/**
 * `npm run lint:openapi` (part of `npm test`): builds the app on an empty in-memory database, takes the OpenAPI
 * document it serves at /api/docs/json, and lints it with Redocly CLI (rules in redocly.yaml at the root). Redocly
 * runs offline here: its telemetry and update check are switched off, and the document has no remote references.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp } from '../src/test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../..');

async function servedDocument(): Promise<string> {
  const t = await createTestApp({ DEMO_DATA: '0' });
  try {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
    // Pretty-printed, so Redocly's line numbers point somewhere readable.
    return JSON.stringify(JSON.parse(res.body), null, 2);
  } finally {
    await t.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-openapi-'));
try {
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, await servedDocument());
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '1000'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (result.error) throw result.error;
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
