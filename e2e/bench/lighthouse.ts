/**
 * Lighthouse on the back-office, part of `npm run bench:web`: the log-in page, each role's home,
 * the product overview, the reservations overview, the product wizard and the statements of both roles, each with
 * Lighthouse's mobile preset (its default: a mid-range phone on slow 4G, simulated) and its desktop preset, each
 * LIGHTHOUSE_RUNS (3) times: the table shows the median run (by performance score) and the machine's load average
 * during the runs (the machine is shared: a high load lowers the scores). Goal: mobile performance ≥ 90, LCP ≤
 * 2.5 s, CLS ≤ 0.1, accessibility 100.
 *
 * Debian's Chromium is started here with the flags of support/chromium.ts and a DevTools port; Lighthouse drives it
 * through that port. A signed-in page needs the session, which the app keeps in local storage (lib/session.ts):
 * before each audit, playwright-core (attached to the same Chromium) opens the app's origin, writes the tokens of a
 * fresh API log-in there and closes the tab. Lighthouse then audits with `disableStorageReset`, so the storage is
 * kept; the HTTP cache is emptied first, so every audit is a first visit with a cold cache, as a newcomer's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { STORAGE_KEYS, type TokenResponse, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';

export type Login = { user: string; password: string; workshop: string | null };
export type LighthousePage = { name: string; path: string; login: Login | null };
type LighthouseRow = {
  page: string;
  path: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
  /** Lighthouse's measure of this machine's CPU for the run (its 'CPU/Memory Power'; a mid-range phone is about 1000). */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated (its mobile default 4, desktop 1). */
  cpuSlowdown: number;
};

/** The median row by performance score of several runs of one page and preset, with every run's score and load. */
export type LighthouseMedian = LighthouseRow & { runs: { performance: number; load: number }[] };

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** `LIGHTHOUSE_SAVE=dir`: writes each run's whole report (JSON) there, for its long tasks and script timings. */
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
/** `LIGHTHOUSE_PRESETS=mobile`: only these presets (comma-separated), to measure one change quickly. */
const PRESETS = (['mobile', 'desktop'] as const).filter((p) =>
  (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').includes(p),
);

/**
 * `LIGHTHOUSE_CPU_SLOWDOWN`: the mobile preset's CPU slowdown. Unset: Lighthouse's default, 4×, which turns a high-end
 * desktop into its mid-range phone. `calibrated`: the slowdown that turns this machine into that phone, from its
 * benchmark index measured before the audits (`calibratedSlowdown`), as Lighthouse's documentation asks of a slower
 * machine (its throttling guide, 'Calibrating the CPU slowdown'; Lighthouse warns in the report when the index is
 * under 1000). A number: that slowdown. Desktop keeps its preset's (none).
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN;

/**
 * The CPU slowdown that makes a machine of benchmark index `index` Lighthouse's mid-range phone: the calculator the
 * Lighthouse team links from its throttling guide (lighthouse-cpu-throttling-calculator), a straight line between its
 * points: an index of 150 is 1×, 800 is 2×, 1300 is 3×, and each 233 above 1300 one more (1533 is the default 4×).
 */
export function calibratedSlowdown(index: number): number {
  if (index >= 1300) return 3 + (index - 1300) / 233;
  if (index >= 800) return 2 + (index - 800) / 500;
  if (index >= 150) return 1 + (index - 150) / 650;
  throw new Error(`Benchmarkindex ${index}: deze machine is te traag om Lighthouse's telefoon na te bootsen`);
}

/** Lighthouse's own benchmark (what it reports as the index) in a blank page of the audits' Chromium: median of three. */
async function benchmarkIndex(browser: Browser): Promise<number> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium heeft geen standaardcontext');
  const page = await context.newPage();
  try {
    const runs: number[] = [];
    // As a string: the function's own source from Lighthouse, not what this file's compiler made of it.
    for (let i = 0; i < 3; i++) runs.push(await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`));
    return [...runs].sort((a, b) => a - b)[1] as number;
  } finally {
    await page.close();
  }
}

/** The mobile preset's CPU slowdown this run asks for (`LIGHTHOUSE_CPU_SLOWDOWN`), or none (Lighthouse's default). */
async function mobileSlowdown(browser: Browser, log: (line: string) => void): Promise<number | undefined> {
  if (!CPU_SLOWDOWN) return undefined;
  if (CPU_SLOWDOWN !== 'calibrated') {
    const fixed = Number(CPU_SLOWDOWN);
    if (!(fixed > 0)) throw new Error(`LIGHTHOUSE_CPU_SLOWDOWN=${CPU_SLOWDOWN}: 'calibrated' of een getal > 0`);
    return fixed;
  }
  const index = await benchmarkIndex(browser);
  const slowdown = Number(calibratedSlowdown(index).toFixed(2));
  log(`benchmark index ${index} (Lighthouse's own, median of 3): mobile CPU slowdown ${slowdown}× instead of 4×`);
  return slowdown;
}

export const LIGHTHOUSE_GOALS = { performance: 90, lcpMs: 2500, cls: 0.1, accessibility: 100 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

/** Chromium with a DevTools port, and playwright-core attached to it over CDP. */
async function startChromium(): Promise<{ port: number; browser: Browser; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('Chromium stopte bij het starten');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('Chromium startte niet binnen 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return {
    port,
    browser,
    async stop() {
      await browser.close().catch(() => {});
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function apiLogin(baseUrl: string, login: Login): Promise<{ tokens: TokenResponse; tenantId: string | null }> {
  let workshopId: string | null = null;
  if (login.workshop) {
    const workshops = (await (await fetch(`${baseUrl}/api/workspaces/available`)).json()) as {
      id: string;
      name: string;
    }[];
    workshopId = workshops.find((t) => t.name === login.workshop)?.id ?? null;
    if (!workshopId) throw new Error(`Atelier ${login.workshop} niet gevonden`);
  }
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(workshopId ? { [WORKSHOP_HEADER]: workshopId } : {}) },
    body: JSON.stringify({ userNameOrEmailAddress: login.user, password: login.password }),
  });
  if (!res.ok) throw new Error(`Inloggen als ${login.user} mislukte: ${res.status}`);
  return { tokens: (await res.json()) as TokenResponse, tenantId: workshopId };
}

/**
 * Writes the session of `login` (or none) into the app's local storage, and empties the HTTP cache. Before an
 * audit of a home with a session, the home is opened once first, as a log-in does (it lands there): what a returning
 * user's storage holds then (an admin's home remembers its welcome texts for index.html's first paint,
 * docs/decisions/0081) is there for the audit too.
 */
async function prepareStorage(browser: Browser, baseUrl: string, login: Login | null, target: LighthousePage) {
  const context = browser.contexts()[0];
  if (!context) throw new Error('Chromium heeft geen standaardcontext');
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/favicon.svg`);
    const session = login ? await apiLogin(baseUrl, login) : null;
    await page.evaluate(
      ({ keys, session }) => {
        localStorage.clear();
        sessionStorage.clear();
        if (!session) return;
        localStorage.setItem(keys.token, session.tokens.auth_token);
        localStorage.setItem(keys.expiry, String(Date.now() + session.tokens.expires_in * 1000));
        localStorage.setItem(keys.refreshToken, session.tokens.refresh_token);
        if (session.tenantId) localStorage.setItem(keys.tenantId, session.tenantId);
      },
      { keys: STORAGE_KEYS, session },
    );
    if (login && target.path === '/') {
      await page.goto(`${baseUrl}/`);
      await page.getByText(/^Hallo /).waitFor({ timeout: 60_000 });
      // The home writes its welcome in an effect after it has painted: wait for it (a plain user's home writes none).
      await page
        .waitForFunction((key) => localStorage.getItem(key) !== null, STORAGE_KEYS.welcome, { timeout: 2000 })
        .catch(() => undefined);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  } finally {
    await page.close();
  }
}

const round = (n: number | undefined | null, digits = 0) => Number((n ?? Number.NaN).toFixed(digits));

/** Audits every page with both presets RUNS times, one after the other; logs each result as it comes. */
export async function runLighthouse(
  baseUrl: string,
  pages: LighthousePage[],
  log: (line: string) => void,
): Promise<LighthouseMedian[]> {
  const chromiumRun = await startChromium();
  const rows: LighthouseRow[] = [];
  try {
    const slowdown = await mobileSlowdown(chromiumRun.browser, log);
    for (let run = 1; run <= RUNS; run++)
      for (const target of pages) {
        for (const preset of PRESETS) {
          await prepareStorage(chromiumRun.browser, baseUrl, target.login, target);
          const flags: Flags = {
            port: chromiumRun.port,
            disableStorageReset: true,
            onlyCategories: ['performance', 'accessibility'],
            logLevel: 'error',
            output: 'json',
            ...(slowdown && preset === 'mobile' ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
          };
          const result = await lighthouse(
            `${baseUrl}${target.path}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gaf geen resultaat voor ${target.path}`);
          if (lhr.runtimeError) throw new Error(`Lighthouse op ${target.path}: ${lhr.runtimeError.message}`);
          if (SAVE_DIR) {
            mkdirSync(SAVE_DIR, { recursive: true });
            const file = `${target.name.replace(/[^\w]+/g, '-')}-${preset}-${run}.json`;
            writeFileSync(path.join(SAVE_DIR, file), JSON.stringify(lhr));
          }
          const audit = (id: string) => lhr.audits[id]?.numericValue;
          const row: LighthouseRow = {
            page: target.name,
            path: target.path,
            preset,
            performance: round((lhr.categories.performance?.score ?? Number.NaN) * 100),
            accessibility: round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
            lcpMs: round(audit('largest-contentful-paint')),
            cls: round(audit('cumulative-layout-shift'), 3),
            tbtMs: round(audit('total-blocking-time')),
            fcpMs: round(audit('first-contentful-paint')),
            load: round(loadavg()[0], 1),
            benchmarkIndex: round(lhr.environment.benchmarkIndex),
            cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
          };
          const failing = Object.values(lhr.audits)
            .filter(
              (a) =>
                a.score !== null && a.score < 1 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
            )
            .map((a) => a.id);
          // The element Lighthouse took as the largest paint, for finding what to make faster.
          const lcpElement = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(
            JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}),
          )?.[1];
          log(
            `lighthouse ${run}/${RUNS} ${preset} ${target.name} (load ${row.load}): CPU ${row.cpuSlowdown}× (index ${row.benchmarkIndex}), performance ${row.performance}, accessibility ${row.accessibility}, FCP ${row.fcpMs} ms, LCP ${row.lcpMs} ms (${lcpElement ?? '?'}), CLS ${row.cls}, TBT ${row.tbtMs} ms${failing.length ? ` (accessibility: ${failing.join(', ')})` : ''}`,
          );
          rows.push(row);
        }
      }
  } finally {
    await chromiumRun.stop();
  }
  return medians(rows);
}

/** Per page and preset, in the order first audited: the run of median performance score, with all runs' scores. */
function medians(rows: LighthouseRow[]): LighthouseMedian[] {
  const groups = new Map<string, LighthouseRow[]>();
  for (const r of rows) {
    const key = `${r.page}\u0000${r.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((runs) => {
    const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
    const mid = sorted[Math.floor((sorted.length - 1) / 2)] as LighthouseRow;
    return { ...mid, runs: runs.map((r) => ({ performance: r.performance, load: r.load })) };
  });
}

/** The Markdown table of docs/performance.md: the median run of each page and preset, and the load during the runs. */
export function lighthouseTable(rows: LighthouseMedian[]): string {
  const g = LIGHTHOUSE_GOALS;
  const lines = [
    `| page | preset | performance (≥ ${g.performance}) | FCP | LCP (≤ ${g.lcpMs / 1000} s) | TBT | CLS (≤ ${g.cls}) | accessibility | CPU slowdown (benchmark index) | runs (score @ load) |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.page} | ${r.preset} | ${r.performance} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.accessibility} | ${r.cpuSlowdown}× (${r.benchmarkIndex}) | ${r.runs.map((x) => `${x.performance} @ ${x.load}`).join(', ')} |`,
    );
  }
  return lines.join('\n');
}
