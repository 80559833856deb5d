/**
 * How the server delivers: the web app's files pre-compressed (brotli, gzip, or plain, per the browser's
 * Accept-Encoding) with long caching for hashed assets and revalidation for index.html; API answers compressed on
 * the fly above 1 KB without breaking the lists' ETag/304 or binary downloads; a CSP that only upgrades to https when
 * the request came over https.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { type Image, WEB_BOOT_SCRIPT, WEB_WELCOME_SCRIPT } from '@ateliermarkt/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('Welkom bij Ateliermarkt '.repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="nl"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- opvulling -->'.repeat(100)}</body></html>`;

/** A built web app as `vite build` + scripts/precompress.ts leave it: each text file with its .br and .gz. */
function distDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'delivery-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  for (const [name, content] of [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd34.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  }
  return dir;
}

let dist: string;
let t: TestApp;
let admin: string;
let superToken: string;
beforeAll(async () => {
  dist = distDir();
  t = await createTestApp({}, { webDistDir: dist });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function decoded(res: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

describe('the web app’s files', () => {
  it('are sent brotli, gzip or plain as the browser accepts, with the right type', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd34.js', accept ? { 'accept-encoding': accept } : {});
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(decoded(res)).toBe(SCRIPT);
      if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    }
  });

  it('caches hashed assets for a year and makes index.html revalidate, also as the fallback of a screen', async () => {
    const asset = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/products', '/reservations?status=open']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(decoded(res), url).toBe(INDEX);
    }
  });
});

describe('API answers', () => {
  it('compress the 999-product list by Accept-Encoding, with the same JSON inside', async () => {
    const url = '/api/products?maxResultCount=999';
    const auth = { authorization: `Bearer ${admin}` };
    const plain = await get(url, { ...auth, 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.rawPayload.toString('utf8');
    expect((JSON.parse(json) as { items: unknown[] }).items.length).toBeGreaterThan(10);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get(url, { ...auth, 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(json.length / 3);
      expect(decoded(res)).toBe(json);
    }
  });

  it('keep the lists’ ETag and 304 with compression', async () => {
    const url = '/api/products?maxResultCount=999';
    const headers = { authorization: `Bearer ${admin}`, 'accept-encoding': 'br, gzip' };
    const first = await get(url, headers);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get(url, { ...headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
  });

  it('leave small answers as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leave downloads of binary files (spreadsheets, images) untouched', async () => {
    const xls = await get('/api/export/admins', {
      authorization: `Bearer ${superToken}`,
      'accept-encoding': 'br, gzip',
    });
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-encoding']).toBeUndefined();
    expect(xls.rawPayload.subarray(0, 4).toString('hex')).toBe('d0cf11e0'); // the OLE2 signature of a real .xls

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('formFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'vlak.png');
    const uploaded = await fetch(`${t.baseUrl}/api/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin}` },
    });
    const image = (await uploaded.json()) as Image;
    const served = await get(image.fileOriginal, { 'accept-encoding': 'br, gzip' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-encoding']).toBeUndefined();
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
  });
});

describe('the Content-Security-Policy', () => {
  it('does not upgrade requests to https when the app is served over http', async () => {
    for (const url of ['/', '/api/health']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it("allows the web app's two inline scripts by their hashes, and no other inline script", async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hashes = [WEB_BOOT_SCRIPT, WEB_WELCOME_SCRIPT].map(
      (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    );
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", ...hashes].sort());
  });

  it('upgrades them when a trusted proxy says the request came over https', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await behindProxy.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(https.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const http = await behindProxy.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(String(http.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    } finally {
      await behindProxy.close();
    }
  });
});
