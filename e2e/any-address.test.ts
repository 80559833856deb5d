/**
 * The app works at any address it is opened with. Here its own server is started as `npm start` does,
 * without PUBLIC_URL (so that is `http://localhost:PORT`), and opened at `http://127.0.0.1:PORT`, another origin:
 * the page renders, photos load (image URLs in the API's answers are relative to the app, docs/decisions/0021), and
 * the Content-Security-Policy reports nothing. (A LAN address is the same case for the browser; the CSP without
 * `upgrade-insecure-requests` over http is proven in apps/api/src/plugins/delivery.test.ts.)
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, serverProcess } from '../apps/api/src/test/server-process.ts';
import { closeContexts, compiledServerArgs, DEMO_PASSWORD, launch, screenshot } from './support/browser.ts';
import { logIn, WORKSHOP_ADMIN } from './support/login.ts';

let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  // PUBLIC_URL empty: the default, http://localhost:PORT, as after `npm start` (which runs the compiled server).
  server = await serverProcess(
    'any-address',
    { PUBLIC_URL: '', RATE_LIMIT_PER_MINUTE: '1000' },
    { nodeArgs: compiledServerArgs() },
  );
  await server.start();
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await closeContexts(browser);
  await server?.dispose();
});

describe('the app opened at 127.0.0.1 while PUBLIC_URL is localhost', () => {
  it('logs in and shows the photos of a product', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    // A product of the workshop with photos, asked of the API as the screen will.
    const workshops = (await (await fetch(`${server.baseUrl}/api/workspaces/available`)).json()) as {
      id: string;
      name: string;
    }[];
    const workshopId = workshops.find((t) => t.name === WORKSHOP_ADMIN.workshop)?.id ?? '';
    const login = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', __tenant: workshopId },
      body: JSON.stringify({ userNameOrEmailAddress: WORKSHOP_ADMIN.user, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { auth_token: string }).auth_token;
    const list = (await (
      await fetch(`${server.baseUrl}/api/products?maxResultCount=50`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { id: string; productImage: { thumbnail: string } | null }[] };
    const withPhoto = list.items.find((p) => p.productImage !== null);
    expect(withPhoto?.productImage?.thumbnail).toMatch(/^\/uploads\/images\//);

    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'nl-NL' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    try {
      await page.goto(`${server.baseUrl}/`);
      await logIn(page, WORKSHOP_ADMIN);
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();
      await page.goto(`${server.baseUrl}/product/admin-detail/${withPhoto?.id}`);
      const photos = page.locator('img[src*="/uploads/images/"]');
      await photos.first().waitFor();
      await expect
        .poll(() =>
          photos.evaluateAll((imgs) =>
            (imgs as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
          ),
        )
        .toBe(true);
      const sources = await photos.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => img.currentSrc));
      expect(sources.length).toBeGreaterThan(0);
      for (const src of sources) expect(src.startsWith(`${server.baseUrl}/uploads/images/`), src).toBe(true);
      await screenshot(page, 'any-address-127-product-photos');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
