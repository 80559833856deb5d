/**
 * Browser timings of the back-office, on the real built server and Debian's Chromium: `npm run bench:web`.
 *
 * Data: the database of BENCH_DATA_DIR (default .tmp/bench-web-data) or of DATABASE_URL. An empty one gets
 * `npm run seed:large` when the repository has that script, else the server's demo data. The workshop measured
 * (BENCH_WORKSHOP, default De Draaischijf) is topped up to 999 products, the most the product overview shows.
 *
 * Measured, each BENCH_RUNS (5) times in a fresh browser context, median reported, target 300 ms each:
 * - log-in: from the submit of the log-in form to the home screen with its data (heading, menu, user table rows);
 * - product overview: from the click on "Alle producten" to the table with its rows, no loader;
 *   sorting it: from the click on a column header to the first row of the new order on screen;
 * - reservations overview (super admin: every workshop's): the same, and sorting it by customer.
 * Times are taken in the page (performance.now() in a capturing listener at the click or submit, and in a
 * requestAnimationFrame-polled check of the DOM state), so the driver's round trips do not count.
 * Then Lighthouse, mobile and desktop presets, on the log-in page, each role's home, the product overview, the
 * reservations overview and the wizard (bench/lighthouse.ts). `-- --lighthouse-only` skips the timings,
 * `-- --no-lighthouse` skips Lighthouse, `-- --demo-data` measures on the demo data alone (no seed:large), `-- --pages=home,statements` audits only the pages whose name contains `home` or `statements`.
 * Lighthouse's settings from the environment (bench/lighthouse.ts): LIGHTHOUSE_RUNS, LIGHTHOUSE_PRESETS, LIGHTHOUSE_SAVE and
 * LIGHTHOUSE_CPU_SLOWDOWN (`calibrated`: the mobile preset's CPU slowdown for this machine's benchmark index).
 * Writes bench-results/web-<timestamp>.json. Not a test: nothing here fails on a slow figure.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { products, tenants } from '../../apps/api/src/db/schema/index.ts';
import { launchChromium } from '../support/chromium.ts';
import { type LighthouseMedian, type LighthousePage, lighthouseTable, runLighthouse } from './lighthouse.ts';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 300;
const PRODUCT_ROWS = 999;
const PASSWORD = 'Atelier2026!';
const WORKSHOP = process.env.BENCH_WORKSHOP ?? 'De Draaischijf';
const WORKSHOP_ADMIN = process.env.BENCH_WORKSHOP_ADMIN ?? 'beheer@dedraaischijf.nl';
const SUPER_ADMIN = process.env.BENCH_SUPER_ADMIN ?? 'admin@ateliermarkt.nl';
const PLAIN_USER = process.env.BENCH_PLAIN_USER ?? 'medewerker@dedraaischijf.nl';
const args = process.argv.slice(2);
const withTimings = !args.includes('--lighthouse-only');
const withLighthouse = !args.includes('--no-lighthouse');
/** `-- --demo-data`: the demo data only (no seed:large), in its own data directory, as the before-and-after table of docs/performance.md was measured. */
const demoOnly = args.includes('--demo-data');
/** `-- --pages=home,statements`: only the Lighthouse pages whose name contains one of these. */
const pageFilter = args.find((a) => a.startsWith('--pages='))?.slice('--pages='.length) ?? '';
const dataDir = path.resolve(
  process.env.BENCH_DATA_DIR ?? path.join(root, demoOnly ? '.tmp/bench-web-demo-data' : '.tmp/bench-web-data'),
);
const usesPostgres = Boolean(process.env.DATABASE_URL);

function log(line: string) {
  console.log(`[bench:web] ${line}`);
}

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

function dataDirIsEmpty(): boolean {
  if (usesPostgres) return false; // a PostgreSQL database is the caller's; seed:large itself skips a seeded one
  return !existsSync(dataDir) || readdirSync(dataDir).length === 0;
}

function hasSeedLarge(): boolean {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return Boolean(pkg.scripts?.['seed:large']);
}

/** The data: seed:large on an empty data dir when the repository has it; demo data otherwise (the server seeds it). */
function prepareData(): string {
  mkdirSync(dataDir, { recursive: true });
  if (demoOnly) return 'demo data (--demo-data)';
  if ((dataDirIsEmpty() || usesPostgres) && hasSeedLarge()) {
    log(`npm run seed:large into ${usesPostgres ? 'DATABASE_URL' : dataDir} …`);
    execFileSync('npm', ['run', 'seed:large'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return 'seed:large';
  }
  return hasSeedLarge() ? 'seed:large (already there)' : 'demo data (seed:large is not in this repository yet)';
}

/** Migrates and seeds the demo data if needed, then gives the measured workshop 999 products. */
async function topUpProducts(): Promise<{ workshopProducts: number; added: number }> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const { app, ctx } = await buildApp({ config, logger: false });
  try {
    const [workshop] = await ctx.db.select().from(tenants).where(eq(tenants.name, WORKSHOP));
    if (!workshop) throw new Error(`Atelier ${WORKSHOP} staat niet in de database`);
    const have = async () =>
      (await ctx.db.select({ n: count() }).from(products).where(eq(products.tenantId, workshop.id)))[0]?.n ?? 0;
    const before = await have();
    const missing = PRODUCT_ROWS - before;
    const existing = (
      await ctx.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.tenantId, workshop.id), like(products.productNumber, 'WB-%')))
    )[0]?.n;
    for (let offset = 0; offset < missing; offset += 500) {
      const size = Math.min(500, missing - offset);
      await ctx.db.insert(products).values(
        Array.from({ length: size }, (_, j) => {
          const i = (existing ?? 0) + offset + j;
          return {
            tenantId: workshop.id,
            productNumber: `WB-${String(i).padStart(4, '0')}`,
            name: `${['Vaas', 'Schaal', 'Mok', 'Kom', 'Bord', 'Kan'][i % 6]} ${['zand', 'zee', 'mos', 'roest'][i % 4]} ${i}`,
            priceCents: 1500 + ((i * 37) % 20_000),
            viewCount: (i * 13) % 500,
            isPublished: i % 3 !== 0,
          };
        }),
      );
    }
    return { workshopProducts: await have(), added: Math.max(0, missing) };
  } finally {
    await app.close();
  }
}

async function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
      // The seeded reservations stay as seeded: no deadline rejects or reminds them during a run.
      RESERVATION_REMIND_AFTER: '100000d',
      RESERVATION_EXPIRE_AFTER: '100000d',
      PAYMENT_REMIND_AFTER: '100000d',
      PAYMENT_EXPIRE_AFTER: '100000d',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`De server stopte bij het starten:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`De server startte niet binnen 120 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl };
}

declare global {
  interface Window {
    __benchStart?: number;
  }
}

/** Marks performance.now() at the next click or submit anywhere in the page (capturing, before the app reacts). */
async function armStart(page: Page, event: 'click' | 'submit') {
  await page.evaluate((type) => {
    window.__benchStart = undefined;
    document.addEventListener(
      type,
      () => {
        window.__benchStart = performance.now();
      },
      { capture: true, once: true },
    );
  }, event);
}

type ReadyCheck =
  | { kind: 'home' }
  /** The screen whose h1 starts with `heading`, with at least `min` table rows. */
  | { kind: 'rows'; heading: string; min: number }
  | { kind: 'firstRowChanged'; before: string | null };

/** Milliseconds from the armed start to the first animation frame in which the DOM is in the `check` state. */
async function until(page: Page, check: ReadyCheck): Promise<number> {
  const handle = await page.waitForFunction(
    (c: ReadyCheck) => {
      const loading =
        document.querySelector('[role="status"][aria-label^="Laden"]') !== null ||
        document.querySelector('.mantine-datatable-loader-fetching') !== null;
      const rows = document.querySelectorAll('table tbody tr');
      let ok = false;
      if (c.kind === 'home') {
        ok =
          !!document.querySelector('h1') && !!document.querySelector('nav[aria-label="Hoofdmenu"]') && rows.length > 0;
      } else if (c.kind === 'rows') {
        ok = (document.querySelector('h1')?.textContent ?? '').startsWith(c.heading) && rows.length >= c.min;
      } else {
        ok = rows.length > 0 && rows[0]?.textContent !== c.before;
      }
      return ok && !loading && window.__benchStart !== undefined ? performance.now() - window.__benchStart : false;
    },
    check,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

const firstRowText = (page: Page) => page.locator('table tbody tr').first().textContent();

async function chooseWorkshopAndFill(page: Page, workshop: string | null, user: string) {
  const picker = page.getByRole('combobox', { name: 'Atelier' });
  await picker.click();
  await picker.fill(workshop ? workshop.slice(0, 5) : 'Geen');
  await page.getByRole('option', { name: workshop ?? 'Geen atelier' }).click();
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(user);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
}

type Sample = {
  login: number;
  productsRender: number;
  productsSort: number;
  reservationsRender: number;
  reservationsSort: number;
};

async function oneRun(
  browser: Browser,
  baseUrl: string,
): Promise<Sample & { productRows: number; reservationRows: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'nl-NL' });
  try {
    const page = await context.newPage();
    await page.goto(baseUrl);
    await chooseWorkshopAndFill(page, WORKSHOP, WORKSHOP_ADMIN);
    await armStart(page, 'submit');
    await page.getByLabel('Wachtwoord', { exact: true }).press('Enter');
    const login = await until(page, { kind: 'home' });

    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await armStart(page, 'click');
    await nav.getByRole('link', { name: /^Alle producten/ }).click();
    const productsRender = await until(page, { kind: 'rows', heading: 'Alle producten', min: 1 });
    const productRows = await page.locator('table tbody tr').count();
    const beforeSort = await firstRowText(page);
    await armStart(page, 'click');
    await page.getByRole('button', { name: /^Naam/ }).click();
    const productsSort = await until(page, { kind: 'firstRowChanged', before: beforeSort });

    // The reservations of every workshop: the super admin's overview, the largest there is.
    const admin = await context.newPage();
    await page.close();
    await admin.goto(baseUrl);
    await admin.evaluate(() => localStorage.clear());
    await admin.reload();
    await chooseWorkshopAndFill(admin, null, SUPER_ADMIN);
    await admin.getByLabel('Wachtwoord', { exact: true }).press('Enter');
    await admin.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();
    await armStart(admin, 'click');
    await admin
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: /reserveringen/i })
      .click();
    const reservationsRender = await until(admin, { kind: 'rows', heading: 'Openstaande reserveringen (', min: 1 });
    const reservationRows = await admin.locator('table tbody tr').count();
    const beforeReservationSort = await firstRowText(admin);
    await armStart(admin, 'click');
    await admin.getByRole('button', { name: /^Klant/ }).click();
    const reservationsSort = await until(admin, { kind: 'firstRowChanged', before: beforeReservationSort });
    return { login, productsRender, productsSort, reservationsRender, reservationsSort, productRows, reservationRows };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const LABELS: Record<keyof Sample, string> = {
  login: 'log-in submit → interactive home',
  productsRender: `product overview (${PRODUCT_ROWS} products) rendered`,
  productsSort: 'product overview sorted by name',
  reservationsRender: 'reservations overview (super admin) rendered',
  reservationsSort: 'reservations overview sorted by customer',
};

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  throw new Error('De web-app is niet gebouwd: draai eerst `npm run build`.');
}
const source = prepareData();
const topUp = await topUpProducts();
log(`data: ${source}; ${WORKSHOP} has ${topUp.workshopProducts} products (${topUp.added} added by this script)`);
const { child, baseUrl } = await startServer();
const browser = withTimings ? await launchChromium() : null;
try {
  const totals = await (async () => {
    const token = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userNameOrEmailAddress: SUPER_ADMIN, password: PASSWORD, tenantId: null }),
    });
    const bearer = ((await token.json()) as { auth_token?: string }).auth_token;
    const page = await fetch(`${baseUrl}/api/reservations/all?maxResultCount=1`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return page.ok ? ((await page.json()) as { totalCount: number }).totalCount : null;
  })();
  log(`server on ${baseUrl}; reservations in the database: ${totals ?? 'unknown'}`);
  if (browser) await oneRun(browser, baseUrl); // warm-up: server caches, Chromium's code cache
  const samples: (Sample & { productRows: number; reservationRows: number })[] = [];
  for (let i = 0; browser && i < RUNS; i++) {
    const sample = await oneRun(browser, baseUrl);
    samples.push(sample);
    log(
      `run ${i + 1}/${RUNS}: ${Object.entries(sample)
        .map(([k, v]) => `${k} ${Math.round(v)}`)
        .join(', ')}`,
    );
  }
  const results = (withTimings ? (Object.keys(LABELS) as (keyof Sample)[]) : []).map((key) => {
    const values = samples.map((s) => Number(s[key].toFixed(1)));
    const med = Number(median(values).toFixed(1));
    return { key, label: LABELS[key], medianMs: med, runsMs: values, targetMs: TARGET_MS, met: med < TARGET_MS };
  });
  if (withTimings) {
    console.log(`\n| measurement | median (ms) | runs (ms) | target < ${TARGET_MS} ms |\n|---|---:|---|---|`);
    for (const r of results) {
      console.log(
        `| ${r.label} | ${r.medianMs} | ${r.runsMs.map(Math.round).join(', ')} | ${r.met ? 'met' : 'NOT met'} |`,
      );
    }
  }
  let lighthouseRows: LighthouseMedian[] = [];
  if (withLighthouse) {
    const workshopAdmin = { user: WORKSHOP_ADMIN, password: PASSWORD, workshop: WORKSHOP };
    const superAdmin = { user: SUPER_ADMIN, password: PASSWORD, workshop: null };
    const pages: LighthousePage[] = [
      { name: 'log-in', path: '/', login: null },
      { name: 'home, super admin', path: '/', login: superAdmin },
      { name: 'home, workshop admin', path: '/', login: workshopAdmin },
      { name: 'home, plain user', path: '/', login: { user: PLAIN_USER, password: PASSWORD, workshop: WORKSHOP } },
      { name: `product overview (${PRODUCT_ROWS})`, path: '/products', login: workshopAdmin },
      { name: 'reservations overview', path: '/reservations', login: workshopAdmin },
      { name: 'product wizard', path: '/product/add', login: workshopAdmin },
      { name: 'statements, super admin', path: '/statements', login: superAdmin },
      { name: 'statements, workshop admin', path: '/statements', login: workshopAdmin },
    ];
    lighthouseRows = await runLighthouse(
      baseUrl,
      pages.filter((p) => pageFilter.split(',').some((part) => p.name.includes(part))),
      log,
    );
    console.log(
      `\nLighthouse 12 (simulated throttling; mobile = its default phone on slow 4G, CPU slowdown ${process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 'its default 4×'}), median of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs; this machine has ${cpus().length} cores:\n`,
    );
    console.log(lighthouseTable(lighthouseRows));
  }
  const out = path.join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(out, `web-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        benchmark: 'web',
        at: new Date().toISOString(),
        database: usesPostgres ? 'postgres' : 'pglite',
        dataDir: usesPostgres ? null : dataDir,
        data: source,
        workshop: WORKSHOP,
        workshopProducts: topUp.workshopProducts,
        productRowsInDom: samples[0]?.productRows,
        reservationsTotal: totals,
        reservationRowsInDom: samples[0]?.reservationRows,
        runs: withTimings ? RUNS : 0,
        results,
        lighthouse: lighthouseRows,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nwritten ${path.relative(root, file)}`);
} finally {
  await browser?.close();
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (child.exitCode === null) child.kill('SIGKILL');
}
