/**
 * Import benchmark: `node --import tsx apps/api/bench/import.bench.ts [-- --rows=2000 --photos=500]`,
 * also the last step of `npm run bench`.
 *
 * Starts the real server (as `npm run start:server` does, on a fresh embedded database with the demo data in a
 * temporary DATA_DIR), logs in as De Draaischijf's admin and sends a sheet of 2,000 new products whose photos (500
 * 1200×900 JPEGs of about 100 KB: 50 pictures under 500 names) come in a .zip: first the preview (`dryRun=true`), then the import.
 * It prints the time of each and the server's peak memory, and writes bench-results/import-<timestamp>.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const outDir = path.join(root, 'bench-results');
const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = arg('rows', 2000);
const PHOTOS = arg('photos', 500);

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      if (String(d).includes('Ateliermarkt draait op')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server stopped (${code}): ${stderr.slice(-2000)}`)));
  });
  return child;
}

const peakRssMb = (pid: number) =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** 50 different pictures under 500 names: each name is encoded on import on its own, as 500 photos would be. */
async function photos(): Promise<Record<string, Uint8Array>> {
  const pictures: Uint8Array[] = [];
  for (let i = 0; i < Math.min(50, PHOTOS); i++) {
    const bytes = await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
        noise: { type: 'gaussian', mean: 0, sigma: 12 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    pictures.push(new Uint8Array(bytes));
  }
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < PHOTOS; i++) files[`fotos/foto-${i + 1}.jpg`] = pictures[i % pictures.length] as Uint8Array;
  return files;
}

async function sheet(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Producten');
  ws.addRow(['Naam', 'Beschrijving', 'Materiaal', 'Hoofdcategorieën', 'Prijs', 'Verzendmethoden', "Foto's"]);
  for (let i = 0; i < ROWS; i++)
    ws.addRow([
      `Benchvaas ${i + 1}`,
      'Een handgedraaide vaas uit het atelier, glazuur in blauwtinten.',
      'Keramiek / aardewerk / porselein',
      i % 2 ? 'Wonen' : 'Wonen; Cadeaus',
      10 + (i % 90) + 0.5,
      'Ophalen in het atelier; Pakket',
      i < PHOTOS ? `foto-${i + 1}.jpg` : '',
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function post(base: string, token: string, file: Buffer, zip: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  form.append('photos', new Blob([new Uint8Array(zip)]), 'fotos.zip');
  // Through node:http, which waits as long as the import takes (fetch gives up on an answer after 300 s).
  const encoded = new Response(form);
  const payload = Buffer.from(await encoded.arrayBuffer());
  const started = performance.now();
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      `${base}/api/products/import?dryRun=${dryRun}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': payload.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const ms = Math.round(performance.now() - started);
  const body = JSON.parse(text) as { counts?: Record<string, number>; error?: { message: string } };
  if (status !== 200) throw new Error(`import answered ${status}: ${JSON.stringify(body.error)}`);
  return { ms, counts: body.counts };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-import-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Import-bench: ${ROWS} rijen, ${PHOTOS} foto's; bestanden maken…`);
const [file, zip] = await Promise.all([sheet(), photos().then((f) => Buffer.from(zipSync(f, { level: 0 })))]);
const server = await startServer(port, dataDir);
try {
  const workshops = (await (await fetch(`${base}/api/workspaces/available`)).json()) as { id: string; name: string }[];
  const workshop = workshops.find((t) => t.name === 'De Draaischijf');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', __tenant: workshop?.id ?? '' },
    body: JSON.stringify({ userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: 'Atelier2026!' }),
  });
  const token = ((await login.json()) as { auth_token: string }).auth_token;
  const preview = await post(base, token, file, zip, true);
  const imported = await post(base, token, file, zip, false);
  const result = {
    at: new Date().toISOString(),
    rows: ROWS,
    photos: PHOTOS,
    sheetBytes: file.length,
    zipBytes: zip.length,
    previewMs: preview.ms,
    importMs: imported.ms,
    counts: imported.counts,
    serverPeakRssMb: server.pid ? peakRssMb(server.pid) : null,
  };
  console.log(
    `preview ${(preview.ms / 1000).toFixed(1)} s · import ${(imported.ms / 1000).toFixed(1)} s · ` +
      `sheet ${Math.round(file.length / 1024)} KB, zip ${Math.round(zip.length / 1024 / 1024)} MB · ` +
      `server peak RSS ${result.serverPeakRssMb} MB · ${JSON.stringify(imported.counts)}`,
  );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, `import-${result.at.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
