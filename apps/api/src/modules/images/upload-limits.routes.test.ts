import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, type ErrorEnvelope, type Image, MESSAGES } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { images, imageVariants } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The upload limits of POST /api/images: uploads per user per window (counted in the database, so two instances
 * on one database share the count) and the stored bytes per workshop.
 */
const LIMITS = {
  UPLOAD_RATE_LIMIT: '3',
  UPLOAD_RATE_WINDOW: '10m',
  // Both instances must accept the same tokens (each would otherwise keep a generated key in its own DATA_DIR).
  JWT_SECRET: 'upload-limits-test-secret-of-at-least-32-characters',
};
let t: TestApp;
let second: FastifyInstance;
let secondUrl: string;
let secondDir: string;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
  secondDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-second-'));
  const config = loadConfig(
    { DATA_DIR: secondDir, DEMO_DATA: '1', LOG_LEVEL: 'silent', ...LIMITS },
    { webDistDir: null, databaseUrl: null },
  );
  ({ app: second } = await buildApp({ config, database: t.ctx.database, logger: false }));
  await second.listen({ port: 0, host: '127.0.0.1' });
  const address = second.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  secondUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  rmSync(secondDir, { recursive: true, force: true });
});

let shade = 0;
/** A small JPEG, a little different each time. */
async function photo(): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: shade * 7, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();
}

async function upload(token: string, base = t.baseUrl) {
  const form = new FormData();
  form.append('formFile', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${base}/api/images`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Image & ErrorEnvelope };
}

async function storedBytesOf(workshopName: string): Promise<number> {
  const workshopId = await t.tenantId(workshopName);
  const [row] = await t.ctx.db
    .select({ n: sql<string>`coalesce(sum(octet_length(${imageVariants.data})), 0)::text` })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(eq(images.tenantId, workshopId));
  return Number(row?.n ?? 0);
}

describe('POST /api/images: uploads per user', () => {
  it('refuses the upload past the limit with 429 in Dutch, per user, on every instance', async () => {
    const plain = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
    const admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    // Two on this instance and one on the other: one count.
    expect((await upload(plain)).status).toBe(200);
    expect((await upload(plain, secondUrl)).status).toBe(200);
    expect((await upload(plain)).status).toBe(200);
    for (const base of [t.baseUrl, secondUrl]) {
      const refused = await upload(plain, base);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: {
          code: ERROR_CODES.rateLimited,
          message: MESSAGES.tooManyUploads,
          details: null,
          validationErrors: null,
        },
      });
    }
    // Another user of the same workshop, from the same address, still may.
    expect((await upload(admin)).status).toBe(200);
  });
});

describe('POST /api/images: storage per workshop', () => {
  it('refuses an upload that would pass the quota with 413 in Dutch, for that workshop only', async () => {
    const admin = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
    const other = await t.tokenFor('medewerker@glasatelierhelder.nl', 'Glasatelier Helder');
    const elsewhere = await t.tokenFor('beheer@wolwerk.nl', 'Wolwerk Textielstudio');
    const before = await storedBytesOf('Glasatelier Helder');
    const first = await upload(admin);
    expect(first.status).toBe(200);
    const perUpload = (await storedBytesOf('Glasatelier Helder')) - before;
    expect(perUpload).toBeGreaterThan(0);
    // Room for about half an upload more: the next one does not fit. (The quota is read per upload.)
    const quota = before + perUpload + Math.floor(perUpload / 2);
    t.ctx.config.workshopStorageBytes = quota;
    const refused = await upload(other);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      error: {
        code: ERROR_CODES.tooLarge,
        message: MESSAGES.storageQuotaExceeded(Math.round(quota / (1024 * 1024))),
        details: null,
        validationErrors: null,
      },
    });
    expect(await storedBytesOf('Glasatelier Helder')).toBe(before + perUpload);
    // Another workshop is not held back by this one's images.
    t.ctx.config.workshopStorageBytes = (await storedBytesOf('Wolwerk Textielstudio')) + 10 * perUpload;
    expect((await upload(elsewhere)).status).toBe(200);
    // Deleting an image makes room again.
    t.ctx.config.workshopStorageBytes = quota;
    const deleted = await t.call('DELETE', `/api/images/${first.body.id}`, { token: admin });
    expect(deleted.status).toBe(204);
    expect((await upload(other)).status).toBe(200);
  });

  it('defaults to 60 uploads per user per 10 minutes and 500 MB per workshop', () => {
    const config = loadConfig({ DATA_DIR: secondDir });
    expect(config.uploadRateLimit).toBe(60);
    expect(config.uploadRateWindowMs).toBe(10 * 60_000);
    expect(config.workshopStorageBytes).toBe(500 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR: secondDir, UPLOAD_RATE_WINDOW: '90s' }).uploadRateWindowMs).toBe(90_000);
    expect(() => loadConfig({ DATA_DIR: secondDir, UPLOAD_RATE_WINDOW: '10' })).toThrow(/UPLOAD_RATE_WINDOW/);
  });
});
