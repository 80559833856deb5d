/**
 * CPU seconds of every process under a command, summed per kind of process: what the browser suite's rounds measure
 * (docs/testing.md), since `time` misses Chromium (Playwright ends a worker's browser without waiting for it).
 *
 *   node --import tsx e2e/bench/cpu-by-process.ts [--interval=1] [--out=file.json] -- npx vitest run --project e2e
 *
 * Reads `/proc/<pid>/stat` (user + system time) of the command's whole process tree every interval and keeps each
 * process's last figure; a process that ends between two samples loses at most one interval of its CPU. Chromium's
 * kinds come from its `--type=` argument (headless shell rewrites its command line, so the whole line is searched),
 * the test servers from `server.js`, vitest's workers from its `forks`/`workers` entry. Prints a table, the load
 * average at the start and the end and the mean of the samples, and the command's exit code. Not a test.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux
const args = process.argv.slice(2);
const dash = args.indexOf('--');
if (dash < 0 || dash === args.length - 1) {
  console.error('usage: cpu-by-process.ts [--interval=1] [--out=file.json] -- <command> [args…]');
  process.exit(2);
}
const option = (name: string) =>
  args
    .slice(0, dash)
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')[1];
const interval = Number(option('interval') ?? '1') * 1000;
const out = option('out');
const [command, ...commandArgs] = args.slice(dash + 1) as [string, ...string[]];

type Proc = { ppid: number; cpu: number; kind: string };
const seen = new Map<number, Proc>();

function kindOf(cmdline: string): string {
  if (/chrom|headless_shell/.test(cmdline)) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    if (!type) return 'chromium browser process';
    if (type === 'renderer') return 'chromium renderers';
    if (type === 'gpu-process') return 'chromium gpu process';
    return 'chromium services and zygotes';
  }
  if (/server\.js/.test(cmdline)) return 'servers';
  if (/vitest\/dist\/(workers|chunks)|forks\.js|threads\.js/.test(cmdline)) return 'vitest workers';
  if (/vitest/.test(cmdline)) return 'vitest main';
  return `other: ${cmdline.slice(0, 60)}`;
}

function stat(pid: number) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces: the fields after it are fixed.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return null;
  }
}

function sample(root: number) {
  const all = new Map<number, { ppid: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s) all.set(Number(name), s);
  }
  const inTree = (pid: number) => {
    for (let p = pid, depth = 0; p > 1 && depth < 64; depth++) {
      if (p === root || seen.has(p)) return true;
      const parent = all.get(p)?.ppid;
      if (parent === undefined) return false;
      p = parent;
    }
    return false;
  };
  for (const [pid, s] of all) {
    if (pid !== root && !inTree(pid)) continue;
    const known = seen.get(pid);
    // A process seen between its fork and its exec has no command line of its own yet: it is named again later.
    if (known && known.ppid === s.ppid && !known.kind.startsWith('other')) {
      known.cpu = Math.max(known.cpu, s.cpu);
      continue;
    }
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {}
    seen.set(pid, {
      ppid: s.ppid,
      cpu: Math.max(known?.ppid === s.ppid ? known.cpu : 0, s.cpu),
      kind: kindOf(cmdline),
    });
  }
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadStart = load();
const loads: number[] = [];
const started = Date.now();
const child = spawn(command, commandArgs, { stdio: 'inherit' });
const timer = setInterval(() => {
  sample(child.pid ?? 0);
  loads.push(Number(load().split(' ')[0]));
}, interval);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  const totals = new Map<string, { cpu: number; count: number }>();
  for (const p of seen.values()) {
    const t = totals.get(p.kind) ?? { cpu: 0, count: 0 };
    t.cpu += p.cpu;
    t.count += 1;
    totals.set(p.kind, t);
  }
  const rows = [...totals].sort((a, b) => b[1].cpu - a[1].cpu);
  const all = rows.reduce((sum, [, t]) => sum + t.cpu, 0);
  const wall = (Date.now() - started) / 1000;
  const meanLoad = loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length);
  console.log(`\nCPU by kind of process (${command} ${commandArgs.join(' ')}), exit ${code ?? signal}`);
  for (const [kind, t] of rows) console.log(`${t.cpu.toFixed(1).padStart(8)} s  ${kind} (${t.count})`);
  console.log(`${all.toFixed(1).padStart(8)} s  everything`);
  console.log(`wall ${wall.toFixed(0)} s; load at start ${loadStart}, mean ${meanLoad.toFixed(1)}, at end ${load()}`);
  if (out) {
    const report = {
      command: [command, ...commandArgs],
      exit: code ?? signal,
      wall,
      loadStart,
      meanLoad,
      loadEnd: load(),
    };
    writeFileSync(out, JSON.stringify({ ...report, kinds: Object.fromEntries(rows) }, null, 2));
  }
  process.exit(code ?? 1);
});
