import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  SMALL_LAPTOP,
  screenshot,
} from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';

/** The product overview's search, filters and sort are the server's and live in the URL. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The rows of the table as their text, the header row left out. */
const rowTexts = (page: Page) => page.locator('.mantine-datatable tbody tr').allTextContents();

async function choose(page: Page, label: string, option: string) {
  await page
    .getByRole('textbox', { name: label })
    .or(page.getByRole('combobox', { name: label }))
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the loaded page (no loader over the table) has rows and every row contains each of `texts`. */
async function settled(page: Page, ...texts: string[]) {
  await page.waitForFunction(
    (wanted) => {
      if (document.querySelector('.mantine-datatable-loader-fetching')) return false;
      const rows = [...document.querySelectorAll('.mantine-datatable tbody tr')];
      return rows.length > 0 && rows.every((r) => wanted.every((w) => (r.textContent ?? '').toLowerCase().includes(w)));
    },
    texts.map((t) => t.toLowerCase()),
  );
}

describe('product overview filters', () => {
  it('filters on the server, keeps the filters in the URL, and a reload shows the same list', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, `/products`);
    await settled(page);

    await choose(page, 'Status', 'Verkocht');
    await page.waitForURL(/status=verkocht/);
    await settled(page, 'Verkocht');
    const sold = await rowTexts(page);
    expect(sold.length).toBeGreaterThan(0);
    for (const row of sold) expect(row).toContain('Verkocht');

    await choose(page, 'Status', 'Beschikbaar');
    await choose(page, 'Gepubliceerd', 'Ja');
    await page.waitForURL(/gepubliceerd=ja/);
    await settled(page, 'Beschikbaar');
    await page.getByRole('button', { name: /^Prijs/ }).click();
    await page.waitForURL(/sorteer=prijs-/);
    await settled(page, 'Beschikbaar');
    // The search covers the code too, in any case: the first row's code finds exactly that product.
    const code = /[A-Z]{3}-\d{4}/.exec((await rowTexts(page))[0] ?? '')?.[0] ?? '';
    expect(code).not.toBe('');
    await page.getByLabel('Zoeken').fill(code.toLowerCase());
    await page.waitForURL(/zoek=/);
    await settled(page, code, 'Beschikbaar');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      zoek: code.toLowerCase(),
      gepubliceerd: 'ja',
      status: 'beschikbaar',
    });
    expect(url.searchParams.get('sorteer')).toMatch(/^prijs-/);
    const filtered = await rowTexts(page);
    expect(filtered).toHaveLength(1);

    await page.reload();
    await settled(page, code, 'Beschikbaar');
    expect(page.url()).toBe(url.toString());
    expect(await page.getByLabel('Zoeken').inputValue()).toBe(code.toLowerCase());
    expect(
      await page
        .getByRole('textbox', { name: 'Status' })
        .or(page.getByRole('combobox', { name: 'Status' }))
        .inputValue(),
    ).toBe('Beschikbaar');
    expect(await rowTexts(page)).toEqual(filtered);
    await expectAccessible(page, 'products filtered');
    await screenshot(page, 'products-filters-1366x768');

    // A filter nothing matches says so, and 'Filters wissen' brings the whole list back.
    await page.getByLabel('Zoeken').fill('geen-product-heet-zo');
    await page.waitForURL(/zoek=geen-product-heet-zo/);
    await page.getByText('Geen producten gevonden met deze zoekopdracht of filters.').waitFor();
    await page.getByRole('button', { name: 'Filters wissen' }).click();
    await page.waitForURL((u) => !u.searchParams.has('zoek') && !u.searchParams.has('status'));
    await settled(page);
    expect(await page.getByLabel('Zoeken').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a small laptop and a phone with its filters: no sideways scroll, accessible', async () => {
    const { page, context, errors } = await openSignedIn(
      browser,
      WORKSHOP_ADMIN,
      SMALL_LAPTOP,
      `/products?gepubliceerd=ja&status=beschikbaar`,
    );
    await page
      .getByRole('button', { name: /^Acties voor / })
      .first()
      .waitFor();
    // The phone as the window made smaller (`resize` in support/browser.ts).
    for (const [name, viewport] of [
      ['1280x800', SMALL_LAPTOP],
      ['390x844', PHONE],
    ] as const) {
      await resize(page, viewport);
      expect(await page.getByRole('button', { name: 'Filters wissen' }).isVisible(), name).toBe(true);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(scroll, name).toBeLessThanOrEqual(0);
      await expectAccessible(page, `products filters ${name}`);
      await screenshot(page, `products-filters-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
