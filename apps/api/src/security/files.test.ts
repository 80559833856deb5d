/**
 * Security suite, uploaded files (OWASP ASVS 2 chapter 12). Every hostile upload is refused cleanly (right
 * status, Dutch envelope, no row, no stored bytes), no EXIF or GPS survives, and stored images are served with safe headers.
 * Each test prints the figure it proved.
 */
import { crc32 } from 'node:zlib';
import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorEnvelope,
  type Image,
  MAX_IMAGE_BYTES,
  MESSAGES,
} from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, imageVariants } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
});
afterAll(async () => {
  await t?.close();
});

async function upload(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append('formFile', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.baseUrl}/api/images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
  return { status: res.status, body: (await res.json()) as Image & ErrorEnvelope };
}

/** What is stored: image rows and their variants' bytes (in the database, docs/decisions/0008). */
async function stored() {
  const [row] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(images);
  const [variant] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(imageVariants);
  return { rows: row?.n ?? 0, variants: variant?.n ?? 0 };
}

const local = (url: string) => `${t.baseUrl}${new URL(url, t.baseUrl).pathname}`;

const GPS_EXIF = {
  IFD0: { Make: 'TelefoonMerk', Model: 'Model-X' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 5/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '5/1 7/1 0/1' },
};

function jpeg(width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: '#c0603a' } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A decompression bomb: a valid 65-byte PNG that claims 20000×20000 pixels (400 megapixel). */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same for JPEG: a small real JPEG whose frame header is changed to claim 60000×60000 pixels. */
async function jpegBomb(): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(16, 16));
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 marker');
  bytes.writeUInt16BE(60000, sof + 5);
  bytes.writeUInt16BE(60000, sof + 7);
  return bytes;
}

describe('hostile uploads are refused cleanly', () => {
  it('refuses each with its status and Dutch message, and stores no row and no variant', async () => {
    const real = await jpeg();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const zip = Buffer.from('504b0304140000000000', 'hex');
    const tooBig = Buffer.concat([real, Buffer.alloc(MAX_IMAGE_BYTES + 1 - real.length, 0)]);
    expect(tooBig.length).toBe(MAX_IMAGE_BYTES + 1);

    type Want = { status: number; code: ErrorCode; message: string };
    const notJpegOrPng: Want = {
      status: 415,
      code: ERROR_CODES.unsupportedMediaType,
      message: MESSAGES.imageNotJpegOrPng,
    };
    const unreadable: Want = { status: 400, code: ERROR_CODES.validation, message: MESSAGES.imageUnreadable };
    const cases: { name: string; bytes: Buffer; file: string; type: string; want: Want }[] = [
      { name: 'PDF renamed to .jpg', bytes: pdf, file: 'vakantie.jpg', type: 'image/jpeg', want: notJpegOrPng },
      {
        name: 'SVG with a script',
        bytes: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`,
        ),
        file: 'logo.png',
        type: 'image/png',
        want: notJpegOrPng,
      },
      { name: 'HTML named .jpg', bytes: Buffer.from(html), file: 'x.jpg', type: 'image/jpeg', want: notJpegOrPng },
      {
        name: 'polyglot: JPEG header + HTML',
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(html)]),
        file: 'x.jpg',
        type: 'image/jpeg',
        want: unreadable,
      },
      {
        name: 'polyglot: PNG signature + zip',
        bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), zip, Buffer.from(html)]),
        file: 'x.png',
        type: 'image/png',
        want: unreadable,
      },
      {
        name: 'truncated JPEG',
        bytes: real.subarray(0, Math.floor(real.length / 2)),
        file: 'half.jpg',
        type: 'image/jpeg',
        want: unreadable,
      },
      { name: 'empty file', bytes: Buffer.alloc(0), file: 'leeg.jpg', type: 'image/jpeg', want: notJpegOrPng },
      {
        name: `PNG bomb (${pngBomb().length} bytes, 20000×20000)`,
        bytes: pngBomb(),
        file: 'bom.png',
        type: 'image/png',
        want: { status: 413, code: ERROR_CODES.tooLarge, message: MESSAGES.imageTooManyPixels },
      },
      {
        name: 'JPEG bomb (60000×60000 in the frame header)',
        bytes: await jpegBomb(),
        file: 'bom.jpg',
        type: 'image/jpeg',
        want: { status: 413, code: ERROR_CODES.tooLarge, message: MESSAGES.imageTooManyPixels },
      },
      {
        name: '4 MB + 1 byte',
        bytes: tooBig,
        file: 'groot.jpg',
        type: 'image/jpeg',
        want: { status: 413, code: ERROR_CODES.tooLarge, message: MESSAGES.imageTooLarge },
      },
    ];

    const before = await stored();
    const lines: string[] = [];
    for (const c of cases) {
      const res = await upload(c.bytes, c.file, c.type);
      expect(res.status, c.name).toBe(c.want.status);
      expect(res.body.error.code, c.name).toBe(c.want.code);
      expect(res.body.error.message, c.name).toBe(c.want.message);
      expect(await stored(), c.name).toEqual(before);
      lines.push(`${c.name} → ${res.status}`);
    }
    // The control: the same route stores a real image, so "nothing stored" above is not for lack of trying.
    expect((await upload(real, 'echt.jpg', 'image/jpeg')).status).toBe(200);
    expect(await stored()).toEqual({ rows: before.rows + 1, variants: before.variants + 3 });
    console.log(`files: ${cases.length} hostile uploads refused, nothing stored:\n  ${lines.join('\n  ')}`);
  });

  it('accepts exactly 4 MB (the limit is 4 MB, not less)', async () => {
    const real = await jpeg();
    const limit = Buffer.concat([real, Buffer.alloc(MAX_IMAGE_BYTES - real.length, 0)]);
    const res = await upload(limit, 'precies.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    console.log(`files: ${limit.length} bytes accepted, ${limit.length + 1} refused (previous test)`);
  });

  it('a real JPEG or PNG with a payload appended or in a comment is re-encoded: no byte of the payload is stored', async () => {
    const payload = '<script>alert(1)</script><!--PK\u0003\u0004-->';
    const withTail = Buffer.concat([await jpeg(), Buffer.from(payload)]);
    const withComment = await sharp(await jpeg())
      .jpeg()
      .withExif({ IFD0: { ImageDescription: payload } })
      .toBuffer();
    const pngWithTail = Buffer.concat([
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      Buffer.from(payload),
    ]);
    let variants = 0;
    for (const [bytes, name, type] of [
      [withTail, 'staart.jpg', 'image/jpeg'],
      [withComment, 'exif.jpg', 'image/jpeg'],
      [pngWithTail, 'staart.png', 'image/png'],
    ] as const) {
      expect(bytes.includes('<script>')).toBe(true);
      const res = await upload(bytes, name, type);
      expect(res.status).toBe(200);
      for (const url of [res.body.fileOriginal, res.body.fileMedium, res.body.thumbnail]) {
        const served = Buffer.from(await (await fetch(local(url))).arrayBuffer());
        expect(served.includes('<script>'), url).toBe(false);
        expect(served.includes('PK\u0003\u0004'), url).toBe(false);
        variants += 1;
      }
    }
    console.log(`files: 3 images with a script/zip payload stored, ${variants} served variants hold none of it`);
  });
});

describe('EXIF and GPS never survive an upload', () => {
  it('strips them from every stored variant, JPEG and PNG', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0603a' } })
      .jpeg()
      .withExif(GPS_EXIF)
      .toBuffer();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2f6f8f' } })
      .png()
      .withExif(GPS_EXIF)
      .toBuffer();
    let checked = 0;
    for (const [bytes, name, type] of [
      [photo, 'foto.jpg', 'image/jpeg'],
      [png, 'foto.png', 'image/png'],
    ] as const) {
      // The input really carries GPS: the check below could fail.
      const before = await sharp(bytes).metadata();
      expect(before.exif?.includes('TelefoonMerk')).toBe(true);
      expect(before.exif?.length).toBeGreaterThan(100);

      const res = await upload(bytes, name, type);
      expect(res.status).toBe(200);
      for (const url of [res.body.fileOriginal, res.body.fileMedium, res.body.thumbnail]) {
        const served = Buffer.from(await (await fetch(local(url))).arrayBuffer());
        const meta = await sharp(served).metadata();
        expect(meta.exif, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
        expect(served.includes('Exif\0\0'), url).toBe(false);
        expect(served.includes('TelefoonMerk'), url).toBe(false);
        checked += 1;
      }
      // And the stored bytes are what was served: no variant kept elsewhere with its EXIF.
      const variants = await t.ctx.db.select().from(imageVariants).where(eq(imageVariants.imageId, res.body.id));
      expect(variants).toHaveLength(3);
      for (const v of variants) expect(v.data.includes('TelefoonMerk'), v.variant).toBe(false);
    }
    console.log(`exif: 2 uploads with GPS EXIF, ${checked} stored variants fetched, 0 with EXIF or GPS`);
  });
});

describe('stored images are served safely', () => {
  it('with the Content-Type of the stored format and X-Content-Type-Options: nosniff', async () => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 4, background: '#2f6f8f' } })
      .png()
      .toBuffer();
    const uploads = [await upload(await jpeg(), 'a.jpg', 'image/jpeg'), await upload(png, 'b.jpg', 'image/jpeg')];
    let served = 0;
    for (const res of uploads) {
      expect(res.status).toBe(200);
      const [row] = await t.ctx.db.select().from(images).where(eq(images.id, res.body.id));
      const expected = row?.format === 'png' ? 'image/png' : 'image/jpeg';
      for (const url of [res.body.fileOriginal, res.body.fileMedium, res.body.thumbnail]) {
        const file = await fetch(local(url));
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe(expected);
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        served += 1;
      }
    }
    // A PNG uploaded under a .jpg name is stored and served as what its bytes are.
    expect(uploads[1]?.body.fileOriginal).toMatch(/original\.png$/);
    console.log(`headers: ${served} served variants with the stored format's Content-Type and nosniff`);
  });

  it('never serves a file of DATA_DIR through an image URL (the secrets are kept there)', async () => {
    const secret = t.ctx.config.jwtSecret;
    const attempts = [
      '/uploads/images/../secrets/jwt-secret',
      '/uploads/images/%2e%2e/secrets/jwt-secret',
      '/uploads/images/..%2fsecrets%2fjwt-secret',
      '/uploads/images/%2e%2e%2f%2e%2e%2fsecrets/jwt-secret',
      '/uploads/images/..%5csecrets%5cjwt-secret',
      '/uploads/images/.hidden',
    ];
    for (const attempt of attempts) {
      const res = await fetch(`${t.baseUrl}${attempt}`);
      const text = await res.text();
      expect(res.status, attempt).not.toBe(200);
      expect(text.includes(secret), attempt).toBe(false);
    }
    console.log(`traversal: ${attempts.length} paths tried, none served a file of DATA_DIR`);
  });
});
