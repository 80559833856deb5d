import { MESSAGES } from '@ateliermarkt/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { serializeError } from './log-errors.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

describe('errors in the log', () => {
  it('with the disk full, an upload answers 503 with a Dutch reason, and the log holds neither the image bytes nor megabytes of text', async () => {
    // Every insert of image bytes fails, as it does when the disk is full.
    await t.ctx.db.execute(
      sql.raw(`create function am_test_full() returns trigger language plpgsql as $$
        begin raise exception using errcode = 'disk_full', message = 'could not extend file: No space left on device'; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'create trigger am_test_full before insert on image_variants for each row execute function am_test_full()',
      ),
    );
    const token = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    // A noisy photo: its variants are hundreds of kilobytes of parameters.
    const noise = Buffer.alloc(1200 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const form = new FormData();
    form.append('formFile', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
    const before = lines.length;
    const res = await fetch(`${t.baseUrl}/api/images`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    // The person is told what is wrong, in Dutch, and that it is not their input.
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MESSAGES.storageFull);
    const logged = lines.slice(before);
    const failure = logged.find((l) => l.includes('No space left on device'));
    expect(failure).toBeDefined();
    const longest = Math.max(...logged.map((l) => l.length));
    console.log(`photo ${photo.length} bytes; longest log line ${longest} characters`);
    expect(longest).toBeLessThan(20_000);
  });

  it('cuts long texts, names binary values by their size and leaves query parameters out', () => {
    const cause = Object.assign(new Error('x'.repeat(100_000)), { params: ['geheim', Buffer.alloc(10)] });
    const drizzle = new Error(`Failed query: insert into t values ($1)\nparams: ${'geheim,'.repeat(10)}`);
    expect(JSON.stringify(serializeError(drizzle))).not.toContain('geheim');
    const error = Object.assign(new Error('Failed query'), { cause, data: new Uint8Array(5000) });
    const out = JSON.stringify(serializeError(error));
    expect(out.length).toBeLessThan(10_000);
    expect(out).toContain('<5000 bytes>');
    expect(out).toContain('… (100000 tekens)');
    expect(out).not.toContain('geheim');
  });
});
