/**
 * One process per embedded database. PGlite has no locking of its own: a second server started on the same DATA_DIR
 * opened it silently, and when both stopped, writes the first had acknowledged were gone and indexes were corrupt.
 *
 * The lock is a kernel advisory lock (flock(2)) on the lock file, held for the whole life of the server and released
 * by the kernel when the holder dies (kill -9, a crash): no pid to compare, so it holds across PID namespaces (two
 * containers on one volume) and, on NFS, across hosts (Linux maps flock onto NFS byte-range locks). Node has no flock
 * in core; the lock is held by util-linux's `flock` command (in every Debian, no native addon to build), in a child
 * process of its own that ends when its stdin closes, that is when this process ends however it ends
 * (docs/decisions/0041-operations-faults.md). The file also names its holder (pid and host) for the messages.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

export type Owner = { pid: number; host: string };

/** `flock`'s exit code when the lock is held by someone else (its --conflict-exit-code). */
const HELD = 75;

function readOwner(file: string): Owner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: parsed.host ?? '?' } : null;
  } catch {
    return null;
  }
}

/**
 * The live holder of the lock `file` (as it wrote itself down), or null when nobody holds it. It asks the kernel: a
 * shared lock taken and dropped at once fails only while some process holds the exclusive one.
 */
export function ownerOf(file: string): Owner | null {
  const probe = spawnSync('flock', ['--shared', '--nonblock', `--conflict-exit-code=${HELD}`, file, 'true'], {
    stdio: 'ignore',
  });
  if (probe.error) throw new Error(`flock (util-linux) is niet te starten: ${probe.error.message}`);
  if (probe.status !== HELD) return null;
  return readOwner(file) ?? { pid: 0, host: '?' };
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: Owner | null,
  ) {
    const who = owner && owner.pid > 0 ? `proces ${owner.pid} op ${owner.host}` : 'een proces dat net start';
    super(
      `De database in ${dir} is al in gebruik door een andere Ateliermarkt-server (${who}). ` +
        'Stop die eerst, of start deze met een andere DATA_DIR. ' +
        `(The database in ${dir} is in use by another server.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Takes the lock file `file` for this process, or throws DataDirInUseError. Returns its release (which the process's
 * end does just as well); `--close` keeps the lock in `flock` itself, not in the command it waits for. The holding child is in a process group of its own, so a Ctrl-C on the terminal does not
 * end it before the server has closed the database.
 */
export async function lockDataDir(file: string, dir: string): Promise<() => Promise<void>> {
  const holder: ChildProcess = spawn(
    'flock',
    [
      '--exclusive',
      '--nonblock',
      '--close',
      `--conflict-exit-code=${HELD}`,
      file,
      'sh',
      '-c',
      'echo locked; exec cat >/dev/null',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  let stderr = '';
  holder.stderr?.on('data', (d) => {
    stderr += d;
  });
  const taken = await new Promise<boolean>((resolve, reject) => {
    holder.once('error', (error) => reject(new Error(`flock (util-linux) is niet te starten: ${error.message}`)));
    holder.stdout?.once('data', () => resolve(true));
    holder.once('exit', (code) => {
      if (code === HELD) resolve(false);
      else reject(new Error(`flock ${file} stopte met code ${code}: ${stderr.trim()}`));
    });
  });
  if (!taken) throw new DataDirInUseError(dir, readOwner(file));
  // Truncated and written in place: the file (the inode the lock is on) is never removed or replaced.
  writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
  // Neither the child nor its pipes keep the event loop alive; the pipe to its stdin is what ties it to this process.
  holder.unref();
  for (const stream of [holder.stdin, holder.stdout, holder.stderr])
    (stream as unknown as { unref?: () => void })?.unref?.();
  holder.removeAllListeners('exit');
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  return async () => {
    if (holder.exitCode === null && holder.signalCode === null) {
      // Waited for: referenced again, or a process with nothing else to do would end before seeing it exit.
      holder.ref();
      holder.stdin?.end();
      holder.kill('SIGTERM');
    }
    await exited;
  };
}
