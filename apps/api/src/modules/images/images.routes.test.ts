import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
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

/** A valid PNG header that claims 20000×20000 pixels: refused before anything is decoded. */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /api/images', () => {
  it('stores three re-encoded variants without EXIF or GPS, turned upright, with long cache headers', async () => {
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
      expect(meta.exif).toBeUndefined();
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

  it('refuses a renamed PDF and an SVG by their bytes (415)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const asPdf = await upload(adminA, pdf, 'vakantie.jpg', 'image/jpeg');
    expect(asPdf.status).toBe(415);
    expect(asPdf.body.error.message).toBe(MESSAGES.imageNotJpegOrPng);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const asSvg = await upload(adminA, svg, 'logo.png', 'image/png');
    expect(asSvg.status).toBe(415);
    expect(asSvg.body.error.message).toBe(MESSAGES.imageNotJpegOrPng);
  });

  it('refuses a 5 MB jpeg (413) and a 20000×20000 png (413)', async () => {
    const small = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const big = Buffer.concat([small, Buffer.alloc(5 * 1024 * 1024 - small.length, 0)]);
    const tooBig = await upload(adminA, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(MESSAGES.imageTooLarge);
    const huge = await upload(adminA, hugePng(), 'groot.png', 'image/png');
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe(MESSAGES.imageTooManyPixels);
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

  it('lets a plain user delete only the images they uploaded themselves', async () => {
    const user = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const adminsImage = (await upload(adminA, png, 'a.png', 'image/png')).body;
    const forbidden = await t.call<ErrorEnvelope>('DELETE', `/api/images/${adminsImage.id}`, { token: user });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe(MESSAGES.forbidden);
    expect(existsSync(path.join(t.dataDir, 'images', adminsImage.id))).toBe(true);
    const own = (await upload(user, png, 'b.png', 'image/png')).body;
    expect((await t.call('DELETE', `/api/images/${own.id}`, { token: user })).status).toBe(204);
    expect((await t.call('DELETE', `/api/images/${adminsImage.id}`, { token: adminA })).status).toBe(204);
  });
});
