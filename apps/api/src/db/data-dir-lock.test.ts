import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirFromSnapshot, freePort, serverNodeArgs } from '../test/server-process.ts';
import { DataDirInUseError, lockDataDir, ownerOf } from './data-dir-lock.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'am-lock-'));
  dirs.push(d);
  return d;
}

/** Another process holding the lock as a server would: a node that takes it and waits (a kill -9 ends it). */
async function holderProcess(file: string) {
  const lockTs = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const code = `import(${JSON.stringify(lockTs)}).then(async (m) => { await m.lockDataDir(${JSON.stringify(file)}, 'x'); console.log('held'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (c) => reject(new Error(`holder exited ${c}`)));
  });
  return child;
}

describe('the data directory lock', () => {
  it('is taken once; a second taker is refused while the first holds it, and may take it after release', async () => {
    const file = path.join(tempDir(), 'pgdata.lock');
    const release = await lockDataDir(file, 'x');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    expect(ownerOf(file)?.pid).toBe(process.pid);
    await expect(lockDataDir(file, 'x')).rejects.toThrow(DataDirInUseError);
    await release();
    expect(ownerOf(file)).toBeNull();
    await (await lockDataDir(file, 'x'))();
  });

  it("is the kernel's: refused while another process holds it, whatever the file says; free the moment that one is killed", async () => {
    const file = path.join(tempDir(), 'pgdata.lock');
    const holder = await holderProcess(file);
    try {
      // The file's contents do not matter (a pid from another namespace, garbage): only the kernel's lock does.
      writeFileSync(file, JSON.stringify({ pid: 1, host: 'elders' }));
      const refusal = await lockDataDir(file, 'x').then(
        () => '',
        (e: Error) => e.message,
      );
      expect(refusal).toContain('al in gebruik');
      expect(refusal).toContain('proces 1 op elders');
      writeFileSync(file, '');
      await expect(lockDataDir(file, 'x')).rejects.toThrow(DataDirInUseError);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }
    // Its holder died without releasing anything: the kernel did (its `flock` child ends on the closed pipe).
    const deadline = Date.now() + 5000;
    while (ownerOf(file) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await (await lockDataDir(file, 'x'))();
  });
});

/**
 * Each server alone in a PID namespace of its own is how two containers on one volume meet: each is pid 1 to itself,
 * so a lock that compares pids took the other's over. `unshare` (util-linux, as root) must be there: without it this
 * fails (spawn error), it does not skip.
 */
const inOwnPidNamespace = ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child'];

describe.each([
  ['in one PID namespace', [] as string[]],
  ['each in a PID namespace of its own (two containers on one volume)', inOwnPidNamespace],
])('a second server on the same DATA_DIR, %s', (_name, wrapper) => {
  it('refuses to start with a clear message while the first keeps serving; after a kill -9 the next start works', async () => {
    const dataDir = tempDir();
    // The migrated database of the run's snapshot: the lock is taken before it is opened, and the first start skips
    // initdb and the migrations.
    await dataDirFromSnapshot(dataDir, false);
    const start = async () => {
      const port = await freePort();
      const argv = [...wrapper, process.execPath, ...serverNodeArgs()];
      const child = spawn(argv[0] as string, argv.slice(1), {
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
      const exited = new Promise<number | null>((r, reject) => {
        child.once('exit', (code) => r(code));
        child.once('error', reject);
      });
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
      expect(second.output()).toMatch(/proces \d+ op /);
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
