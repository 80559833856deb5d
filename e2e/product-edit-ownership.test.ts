import type { ProductListItem } from '@ateliermarkt/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, PHONE, screenshot } from './support/browser.ts';
import { apiAs } from './support/content-api.ts';
import { openSignedIn, PLAIN_USER } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('a plain user and the product wizard', () => {
  it('is refused at once on a colleague’s product, and edits its own', async () => {
    const api = await apiAs(PLAIN_USER.user, PLAIN_USER.workshop);
    const list = await api<{ items: ProductListItem[] } | ProductListItem[]>('GET', 'products?maxResultCount=999');
    const all = Array.isArray(list) ? list : list.items;
    const colleagues = all.find((p) => p.creatorFullName && p.creatorFullName !== PLAIN_USER.fullName);
    const own = all.find((p) => p.creatorFullName === PLAIN_USER.fullName);
    expect(colleagues).toBeTruthy();
    expect(own).toBeTruthy();

    const { page, context, errors } = await openSignedIn(browser, PLAIN_USER, LAPTOP);
    const base = page.url().replace(/\/$/, '');

    await page.goto(`${base}/product/edit/${colleagues?.id}`);
    await page.getByText('Je hebt geen toegang tot deze actie.').waitFor();
    // Not the wizard: no step, no field, no way to go on.
    expect(await page.getByRole('button', { name: 'Volgende' }).count()).toBe(0);
    expect(await page.getByLabel('Naam').count()).toBe(0);
    const back = page.getByRole('link', { name: 'Terug naar het product' });
    expect(await back.getAttribute('href')).toBe(`/product/detail/${colleagues?.id}`);
    await expectAccessible(page, 'product edit refused');
    await screenshot(page, 'product-edit-refused');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'product-edit-refused-phone');
    await page.setViewportSize(LAPTOP);

    await page.goto(`${base}/product/edit/${own?.id}`);
    await page.getByRole('heading', { name: 'Product wijzigen' }).waitFor();
    await page.getByRole('button', { name: 'Volgende' }).waitFor();
    expect(await page.getByLabel('Naam').inputValue()).toBe(own?.name);
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
