import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/server-process.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'am-lock-'));
  dirs.push(d);
  return d;
}

describe('the data directory lock', () => {
  it('is taken once; a second taker is refused while the first holds it, and may take it after release', () => {
    const file = path.join(tempDir(), 'pgdata.lock');
    const release = lockDataDir(file, 'x');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    // Another live process holds it: pid 1 is always alive.
    writeFileSync(file, JSON.stringify({ pid: 1, started: null }));
    expect(() => lockDataDir(file, 'x')).toThrow(DataDirInUseError);
    writeFileSync(file, JSON.stringify({ pid: process.pid, started: null }));
    release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(file, 'x')();
  });

  it('takes over a stale lock: its process is gone, or is another program that got the pid, or the file is empty', async () => {
    const file = path.join(tempDir(), 'pgdata.lock');
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(file, JSON.stringify({ pid: gone.pid, started: null }));
    lockDataDir(file, 'x')();
    writeFileSync(file, JSON.stringify({ pid: 1, started: 'not-its-start-time' }));
    lockDataDir(file, 'x')();
    writeFileSync(file, '');
    lockDataDir(file, 'x')();
  });
});

describe('a second server on the same DATA_DIR', () => {
  it('refuses to start with a clear message while the first keeps serving; after a kill -9 the next start works', async () => {
    const dataDir = tempDir();
    const serverTs = path.join(import.meta.dirname, '..', 'server.ts');
    const start = async () => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', serverTs], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DEMO_DATA: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      const up = (async () => {
        for (;;) {
          try {
            if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return true;
          } catch {
            // not yet
          }
          if (child.exitCode !== null) return false;
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      return { child, port, exited, up, output: () => output };
    };

    const first = await start();
    try {
      expect(await first.up).toBe(true);
      const second = await start();
      // It must stop by itself: a second server that keeps running is the fault (a timer, so that shows as a failure).
      const code = await Promise.race([
        second.exited,
        new Promise((r) => setTimeout(() => r('still running'), 45_000)),
      ]);
      second.child.kill('SIGKILL');
      expect(code).toBe(1);
      expect(second.output()).toContain('al in gebruik door een andere Ateliermarkt-server');
      expect(second.output()).toContain(`proces ${first.child.pid}`);
      expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited;
      const third = await start();
      try {
        expect(await third.up).toBe(true);
      } finally {
        third.child.kill('SIGKILL');
        await third.exited;
      }
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 120_000);
});
