/**
 * One process per embedded database. PGlite has no locking of its own: a second server started on the same DATA_DIR
 * opened it silently, and when both stopped, writes the first had acknowledged were gone and indexes were corrupt.
 * Like PostgreSQL's postmaster.pid, a lock file names the owning process; a lock whose process is gone (a kill -9,
 * a power cut) is stale and taken over, so a restart never needs a hand-removed file.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

type Owner = { pid: number; started: string | null };

/** The process's start time from /proc (Linux), so a pid reused by another program is not mistaken for the owner. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name's closing parenthesis (the name may contain spaces).
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: Owner): boolean {
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

function readOwner(file: string): Owner | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, started: parsed.started ?? null } : null;
  } catch {
    return null;
  }
}

/** The live process holding the lock `file`, or null when nobody does (no file, or a stale one). */
export function ownerOf(file: string): Owner | null {
  const owner = readOwner(file);
  return owner && isAlive(owner) ? owner : null;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `De database in ${dir} is al in gebruik door een andere Ateliermarkt-server (proces ${pid}). ` +
        'Stop die eerst, of start deze met een andere DATA_DIR. ' +
        `(The database in ${dir} is in use by another server, process ${pid}.)`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the lock file `file` for this process, or throws DataDirInUseError. Returns its release. */
export function lockDataDir(file: string, dir: string): () => void {
  const me: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      return () => {
        const owner = readOwner(file);
        if (owner?.pid === me.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner && isAlive(owner)) throw new DataDirInUseError(dir, owner.pid);
    // Stale (or half written by a process that died while writing it): remove it and try again.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
