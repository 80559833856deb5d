import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeContexts, expectAccessible, launch, openPage, PHONE, screenshot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('a malformed payment link, with the web app served beside it', () => {
  it('is the Dutch payment page, not the web app or JSON', async () => {
    for (const token of ['abc', 'abcdefghijklmnop/qrstuvwxyz', 'abcdefghijklmnop%E0%A4%A', 'A'.repeat(3000), '']) {
      const res = await fetch(`${baseUrl()}/betalen/${token}`);
      expect(res.status, token.slice(0, 40)).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<h1>Betaallink ongeldig</h1>');
    }
    const { page, context } = await openPage(browser, { width: 1366, height: 768 }, '/betalen/abc%2Fdef');
    await page.getByRole('heading', { name: 'Betaallink ongeldig' }).waitFor();
    await page.getByText('Deze betaallink is ongeldig of al gebruikt.').waitFor();
    await expectAccessible(page, 'payment link invalid');
    await screenshot(page, 'payment-link-invalid');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'payment-link-invalid-phone');
    await context.close();
  });
});
