import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ErrorEnvelope, type Image, MESSAGES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, imageVariants } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { encodeImage } from './image-files.ts';
import { importLegacyImageFiles } from './legacy-image-files.ts';

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

const local = (url: string) => `${t.baseUrl}${new URL(url, t.baseUrl).pathname}`;

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

const storedVariants = async (id: string) =>
  (await t.ctx.db.select({ variant: imageVariants.variant }).from(imageVariants).where(eq(imageVariants.imageId, id)))
    .map((r) => r.variant)
    .sort();

describe('GET /uploads/images/{id}/{variant}.{ext}', () => {
  it('serves the bytes from the database with their type, a strong ETag that answers 304, and nothing on disk', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = (await upload(adminA, png, 'a.png', 'image/png')).body;
    expect(await storedVariants(image.id)).toEqual(['medium', 'original', 'thumbnail']);
    expect(existsSync(path.join(t.dataDir, 'images'))).toBe(false);

    const first = await fetch(local(image.fileOriginal));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('last-modified')).toMatch(/GMT$/);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(Number(first.headers.get('content-length'))).toBe(bytes.length);
    expect((await sharp(bytes).metadata()).width).toBe(400);

    const again = await fetch(local(image.fileOriginal), { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The thumbnail (200 px wide) is other bytes, so the original's ETag does not match it.
    const thumb = await fetch(local(image.thumbnail), { headers: { 'if-none-match': etag } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('etag')).not.toBe(etag);
  });

  it('answers the 404 envelope for an unknown id, a wrong extension, an unknown variant or a bad id', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = (await upload(adminA, png, 'a.png', 'image/png')).body;
    const base = new URL(image.fileOriginal, t.baseUrl).pathname.replace(/original\.png$/, '');
    for (const url of [
      '/uploads/images/00000000-0000-4000-8000-000000000000/original.png',
      `${base}original.jpg`,
      `${base}huge.png`,
      `${base}..%2Foriginal.png`,
      '/uploads/images/not-a-uuid/original.png',
    ]) {
      const res = await t.call<ErrorEnvelope>('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.body.error.message).toBe(MESSAGES.notFound);
    }
  });
});

describe('DELETE /api/images/{id}', () => {
  it('deletes only images of the own tenant, stored variants included', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const mine = (await upload(adminA, png, 'a.png', 'image/png')).body;
    expect(await storedVariants(mine.id)).toEqual(['medium', 'original', 'thumbnail']);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminB })).status).toBe(404);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: superToken })).status).toBe(404);
    expect((await t.call('DELETE', `/api/images/${mine.id}`)).status).toBe(401);
    expect((await fetch(local(mine.thumbnail))).status).toBe(200);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminA })).status).toBe(204);
    expect(await storedVariants(mine.id)).toEqual([]);
    expect((await fetch(local(mine.thumbnail))).status).toBe(404);
    expect((await t.call('DELETE', `/api/images/${mine.id}`, { token: adminA })).status).toBe(404);
  });

  it('lets a plain user delete only the images they uploaded themselves', async () => {
    const user = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const adminsImage = (await upload(adminA, png, 'a.png', 'image/png')).body;
    const forbidden = await t.call<ErrorEnvelope>('DELETE', `/api/images/${adminsImage.id}`, { token: user });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(MESSAGES.forbidden);
    expect(await storedVariants(adminsImage.id)).toEqual(['medium', 'original', 'thumbnail']);
    const own = (await upload(user, png, 'b.png', 'image/png')).body;
    expect((await t.call('DELETE', `/api/images/${own.id}`, { token: user })).status).toBe(204);
    expect((await t.call('DELETE', `/api/images/${adminsImage.id}`, { token: adminA })).status).toBe(204);
  });
});

describe('images of an older DATA_DIR', () => {
  it('moves the variant files of image rows into the database at start, and reports rows without files', async () => {
    const workshopA = await t.tenantId('De Draaischijf');
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0603a' } })
      .jpeg()
      .toBuffer();
    const encoded = await encodeImage(jpeg);
    // An image as the file-based version stored it: a row, and three files under DATA_DIR/images/{id}.
    const [legacy] = await t.ctx.db
      .insert(images)
      .values({ tenantId: workshopA, format: 'jpeg', width: 300, height: 200, bytes: encoded.variants.original.length })
      .returning();
    const [lost] = await t.ctx.db
      .insert(images)
      .values({ tenantId: workshopA, format: 'png', width: 1, height: 1, bytes: 1 })
      .returning();
    if (!legacy || !lost) throw new Error('insert returned nothing');
    const folder = path.join(t.dataDir, 'images', legacy.id);
    mkdirSync(folder, { recursive: true });
    for (const variant of ['original', 'medium', 'thumbnail'] as const)
      writeFileSync(path.join(folder, `${variant}.jpg`), encoded.variants[variant]);

    const result = await importLegacyImageFiles(t.ctx.db, t.dataDir, t.ctx.log);
    expect(result).toEqual({ imported: 1, missing: 1 });
    expect(existsSync(path.join(t.dataDir, 'images'))).toBe(false);
    const served = await fetch(`${t.baseUrl}/uploads/images/${legacy.id}/medium.jpg`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(encoded.variants.medium)).toBe(true);
    expect((await fetch(`${t.baseUrl}/uploads/images/${lost.id}/original.png`)).status).toBe(404);
    // A second start finds nothing more to move.
    expect(await importLegacyImageFiles(t.ctx.db, t.dataDir, t.ctx.log)).toEqual({ imported: 0, missing: 1 });
  });
});
