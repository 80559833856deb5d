import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  SIZES,
  screenshot,
  sizesFrom,
  type Viewport,
} from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';

/** The busiest lists fit a laptop and a phone, and every row's actions can be reached. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function openList(viewport: Viewport, path: string) {
  const opened = await openSignedIn(browser, WORKSHOP_ADMIN, viewport, path);
  await opened.page
    .getByRole('button', { name: /^Acties voor / })
    .first()
    .waitFor();
  return opened;
}

/** How far the page and the table scroll sideways (0 when they fit). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const table = document.querySelector('.mantine-datatable table');
    const viewport = table?.closest('.mantine-ScrollArea-viewport') as HTMLElement | null;
    return {
      page: root.scrollWidth - window.innerWidth,
      table: viewport ? viewport.scrollWidth - viewport.clientWidth : 0,
    };
  });

/** Every row's '…' button lies fully inside the window, and the first row's menu opens with its items. */
async function expectActionsReachable(page: Page) {
  const menus = page.getByRole('button', { name: /^Acties voor / });
  const count = await menus.count();
  expect(count).toBeGreaterThan(0);
  const width = page.viewportSize()?.width ?? 0;
  for (let i = 0; i < count; i++) {
    const box = await menus.nth(i).boundingBox();
    expect(box, `row ${i + 1}'s menu button`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  }
  await menus.first().click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  expect(await menu.getByRole('menuitem').count()).toBeGreaterThan(0);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
}

describe('lists that fit', () => {
  // Each list is loaded at a size of its own and resized through the others (`resize` in support/browser.ts).
  for (const [index, path] of ['/products', '/reservations'].entries()) {
    it(`${path} at every size: no sideways scroll, every row's actions reachable`, async () => {
      const { page, context, errors } = await openList(sizesFrom(index)[0][1], path);
      for (const [step, [name, viewport]] of sizesFrom(index).entries()) {
        if (step > 0) await resize(page, viewport);
        const scroll = await overflow(page);
        expect(scroll.page, `${path} at ${name}`).toBeLessThanOrEqual(0);
        // From a laptop up the table fits its area too (nothing cut off at 1280 and wider).
        if (viewport.width >= 1280) expect(scroll.table, `${path}'s table at ${name}`).toBeLessThanOrEqual(0);
        await expectActionsReachable(page);
        if (viewport === LAPTOP || viewport === PHONE) {
          await expectAccessible(page, `${path} ${name}`);
          await screenshot(page, `list-fit-${path.slice(1)}-${name}`);
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the product wizard and the workshop form at every size: no sideways scroll', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, `/product/add`);
    await page.getByRole('heading', { name: /Stap 1 van 4/ }).waitFor();
    for (const [name, viewport] of SIZES) {
      await resize(page, viewport);
      expect((await overflow(page)).page, `wizard at ${name}`).toBeLessThanOrEqual(0);
    }

    // The own workshop's form, through the user menu as a person opens it (on a phone, where the wizard ended).
    await page.goto(`${new URL(page.url()).origin}/`);
    await page.getByRole('button', { name: new RegExp(WORKSHOP_ADMIN.fullName) }).click();
    await page.getByRole('menuitem', { name: 'Atelier wijzigen' }).click();
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    await page.getByRole('textbox', { name: 'Omschrijving' }).waitFor();
    for (const [name, viewport] of [...SIZES].reverse()) {
      await resize(page, viewport);
      expect((await overflow(page)).page, `workshop form at ${name}`).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a product and a reservation from the list with the keyboard alone', async () => {
    const { page, context } = await openList(LAPTOP, '/products');
    const firstRow = page.locator('tbody tr[tabindex="0"]').first();
    await firstRow.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\/admin-detail\//);

    await page.goto(`${new URL(page.url()).origin}/reservations`);
    const row = page.locator('tbody tr[tabindex="0"]').first();
    await row.waitFor();
    const orderNumber = /AM-\d+/.exec((await row.textContent()) ?? '')?.[0] ?? '';
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: `Reservering ${orderNumber}` }).waitFor();
    await context.close();
  });
});
