import { MESSAGES } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Payment links that name no payment: each must be the Dutch page, never the API's JSON or the web app. */
const MALFORMED: [string, string][] = [
  ['empty', ''],
  ['too short', 'abc'],
  ['not base64url', '!!!!$$$$((((****))))~~~~'],
  ['too long', 'a'.repeat(129)],
  ['very long', 'A'.repeat(5000)],
  ['percent-encoded characters', '%2Fabc%20def%3Cscript%3E0123456789'],
  ['percent-encoded slash only', '%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F'],
  ['broken percent-encoding', 'abcdefghijklmnop%E0%A4%A'],
  ['a lone percent sign', 'abcdefghijklmnop%zz'],
  ['slashes', 'abcdefghijklmnop/qrstuvwxyz012345'],
  ['trailing slash', 'abcdefghijklmnopqrstuvwxyz012345/'],
  ['unicode', encodeURIComponent('betaallink-met-ümlaut-en-€-teken')],
  ['a NUL character', 'abcdefghijklmnop%00qrstuvwxyz'],
];
const UNKNOWN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

async function expectInvalidPage(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  expect(html).toContain('<html lang="nl">');
  expect(html).toContain('Betaallink ongeldig');
  expect(html).toContain(MESSAGES.paymentInvalid);
}

describe('the payment page with a malformed link', () => {
  it.each(MALFORMED)('GET with a token that is %s shows the Dutch page', async (_label, token) => {
    await expectInvalidPage(await fetch(`${t.baseUrl}/betalen/${token}`));
  });

  it.each(MALFORMED)('POST with a token that is %s shows the Dutch page and pays nothing', async (_label, token) => {
    await expectInvalidPage(await fetch(`${t.baseUrl}/betalen/${token}`, { method: 'POST', headers: form, body: '' }));
  });

  it('a well-formed token that names no payment: the Dutch page, and paying with it is refused in Dutch', async () => {
    await expectInvalidPage(await fetch(`${t.baseUrl}/betalen/${UNKNOWN}`));
    const paid = await fetch(`${t.baseUrl}/betalen/${UNKNOWN}`, { method: 'POST', headers: form, body: '' });
    expect(paid.status).toBe(409);
    expect(paid.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await paid.text();
    expect(html).toContain('Betaling niet gelukt');
    expect(html).toContain(MESSAGES.paymentInvalid);
  });

  it('a path that only starts like the payment page is not one', async () => {
    const res = await fetch(`${t.baseUrl}/betalenx/abc`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('Betaallink ongeldig');
  });
});
