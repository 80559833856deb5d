import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, launch } from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('featured-product search', () => {
  it('offers nothing of a workshop that is not published', async () => {
    const { page, context } = await openSignedIn(browser, SUPER_ADMIN, undefined, `/products/featured`);
    await page.getByRole('heading', { name: 'Uitgelichte producten' }).waitFor();
    const results = page.getByRole('listbox', { name: 'Zoekresultaten' });

    // A published workshop's products are offered, with the workshop's name under each.
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/products/search'));
    await page.getByLabel('Product toevoegen').fill('Glasatelier');
    await answer;
    await results.getByRole('option').first().waitFor();
    const shown = await results.getByRole('option').allTextContents();
    expect(shown.every((text) => text.endsWith('Glasatelier Helder'))).toBe(true);

    // Wolwerk Textielstudio is not published in the demo: none of its products can be featured.
    const none = page.waitForResponse((r) => r.url().endsWith('/api/products/search'));
    await page.getByLabel('Product toevoegen').fill('Wolwerk');
    expect(await (await none).json()).toEqual([]);
    await page.getByText('Geen producten gevonden').waitFor();
    expect(await results.getByRole('option').count()).toBe(0);
    await context.close();
  });
});
