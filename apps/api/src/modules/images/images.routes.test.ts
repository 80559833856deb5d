import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type ErrorEnvelope, type Image, MESSAGES } from '@ateliermarkt/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let adminA: string;
let adminB: string;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  adminB = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

async function upload(token: string | undefined, bytes: Buffer, name = 'foto.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('formFile', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.baseUrl}/api/images`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as Image & ErrorEnvelope };
}

const local = (url: string) => `${t.baseUrl}${new URL(url).pathname}`;

/** A photo of 1200×900 taken "on its side" (EXIF orientation 6) with GPS coordinates in it. */
async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0603a' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Telefoon' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '5/1 7/1 0/1' },
    })
    .toBuffer();
}

// Hostile files, EXIF/GPS removal and the served headers: src/security/files.test.ts.
describe('POST /api/images', () => {
  it('stores three re-encoded variants, turned upright, with long cache headers', async () => {
    const original = await photoWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const res = await upload(adminA, original);
    expect(res.status).toBe(200);
    expect(res.body.fileOriginal).toMatch(/\/uploads\/images\/[0-9a-f-]+\/original\.jpg$/);
    const dims: Record<string, { width: number; height: number }> = {};
    for (const variant of ['fileOriginal', 'fileMedium', 'thumbnail'] as const) {
      const file = await fetch(local(res.body[variant]));
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.orientation).toBeUndefined();
      dims[variant] = { width: meta.width ?? 0, height: meta.height ?? 0 };
    }
    expect(dims.fileOriginal).toEqual({ width: 900, height: 1200 });
    expect(dims.fileMedium).toEqual({ width: 800, height: 1067 });
    expect(dims.thumbnail).toEqual({ width: 200, height: 267 });
  });

  it('accepts a PNG and keeps it a PNG', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#2f6f8f' } })
      .png()
      .toBuffer();
    const res = await upload(adminA, png, 'logo.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.thumbnail).toMatch(/thumbnail\.png$/);
  });

  it('asks for a file, and a log-in', async () => {
    const none = await fetch(`${t.baseUrl}/api/images`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `Bearer ${adminA}` },
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as ErrorEnvelope).error.message).toBe(MESSAGES.imageMissing);
    const json = await t.call('POST', '/api/images', { token: adminA, body: { x: 1 } });
    expect(json.status).toBe(415);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await upload(undefined, png, 'a.png', 'image/png')).status).toBe(401);
  });
});

describe('DELETE /api/images/{id}', () => {
  it('deletes only images of the own tenant, files included', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const mine = (await upload(adminA, png, 'a.png', 'image/png')).body;
    const dir = path.join(t.dataDir, 'images', mine.id);
    expect(readdirSync(dir).sort()).toEqual(['medium.png', 'original.png', 'thumbnail.png']);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminB })).status).toBe(404);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: superToken })).status).toBe(404);
    expect((await t.call('DELETE', `/api/images/${mine.id}`)).status).toBe(401);
    expect(existsSync(dir)).toBe(true);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminA })).status).toBe(204);
    expect(existsSync(dir)).toBe(false);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminA })).status).toBe(404);
  });
});
