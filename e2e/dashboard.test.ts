/**
 * The admins' home: the 'Te doen' cards, the key figures and the charts; each card opens the reservations
 * overview filtered to exactly what it counts, with the same number in its heading. Both homes at a laptop, a tablet
 * and a phone: no horizontal scroll, axe clean, screenshots.
 */

import path from 'node:path';
import { TODO_KINDS, TODO_TEXTS } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
  screenshotDir,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { type DemoRole, openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrder } from './support/shop-orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  // A reservation waiting for approval of its own: files before this one on the same server may have approved the
  // demo's.
  await placeShopOrder({ name: 'Ilse Verbeek', email: 'ilse@example.nl' });
});
afterAll(async () => {
  await closeContexts(browser);
});

/** A card: a link named by its count and title ('2 Te verzenden'). */
const card = (page: Page, title: string) => page.getByRole('link', { name: new RegExp(`^\\d+ ${title}$`) });

async function cardCount(page: Page, title: string): Promise<number> {
  await card(page, title).waitFor();
  return Number(/^(\d+)/.exec((await card(page, title).textContent()) ?? '')?.[1] ?? Number.NaN);
}

async function expectChartsDrawn(page: Page) {
  // The charts are drawn when they come near the screen (docs/decisions/0076): scroll towards them, as a person does.
  await page.getByRole('heading', { name: /^Cijfers/ }).scrollIntoViewIfNeeded();
  for (const title of ['Reserveringen per week', 'Productomzet per maand']) {
    const figure = page.getByRole('figure', { name: title });
    for (let step = 0; step < 20 && (await figure.count()) === 0; step++) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
    }
    await figure.waitFor();
    // The drawing, and the same numbers as a table for screen readers.
    await figure.locator('svg').first().waitFor();
    expect(await figure.getByRole('table', { name: title }).getByRole('row').count()).toBe(13);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function expectNoHorizontalScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scroll on ${label}`).toBeLessThanOrEqual(0);
}

async function homeOf(role: DemoRole, viewport: Viewport) {
  const opened = await openSignedIn(browser, role, viewport);
  await opened.page.getByRole('heading', { name: 'Te doen' }).waitFor();
  return opened;
}

/** Every card opens the filtered list, whose heading shows the card's count. */
async function expectCardsOpenTheirLists(page: Page, name: string) {
  for (const kind of TODO_KINDS) {
    const { title } = TODO_TEXTS[kind];
    const count = await cardCount(page, title);
    await card(page, title).click();
    await page.waitForURL((url) => url.pathname === '/reservations' && url.searchParams.get('taak') === kind);
    const h1 = page.getByRole('heading', { level: 1 });
    await expect.poll(() => h1.textContent()).toBe(`${title} (${count})`);
    if (kind === 'toShip') {
      await expectAccessible(page, `${name} filtered list`);
      await screenshot(page, `${name}-list-to-ship`);
    }
    await page.goBack();
    await page.getByRole('heading', { name: 'Te doen' }).waitFor();
  }
}

async function lookAt(page: Page, name: string) {
  await expectChartsDrawn(page);
  await screenshot(page, name);
  await page.screenshot({ path: path.join(screenshotDir, `${name}-full.png`), fullPage: true });
}

describe.each([
  [WORKSHOP_ADMIN, 'dashboard-workshop-admin'],
  [SUPER_ADMIN, 'dashboard-super-admin'],
] as const)('the home of the %s', (role, name) => {
  it('shows the counts and the charts, each card opens exactly its list, and fits a tablet and a phone', async () => {
    // One page resized (`resize` in support/browser.ts); the workshop admin's home is loaded on a laptop, the super
    // admin's on a phone, so each size is also seen from a first load.
    const first = role === SUPER_ADMIN ? PHONE : LAPTOP;
    const { page, context, errors } = await homeOf(role, first);
    // The demo data has a reservation of most kinds waiting (and this file placed one to approve).
    expect(await cardCount(page, TODO_TEXTS.toApprove.title)).toBeGreaterThan(0);
    expect(await cardCount(page, TODO_TEXTS.toShip.title)).toBeGreaterThan(0);
    const onPhone = async () => {
      await lookAt(page, `${name}-phone`);
      await expectAccessible(page, `${name} phone`);
      await expectNoHorizontalScroll(page, `${name} phone`);
    };
    if (first === PHONE) await onPhone();
    await resize(page, LAPTOP);
    // The key figures' and the per-workshop tables as a laptop shows them (a phone shows the workshops as cards).
    await page
      .getByRole('table', { name: 'Kerncijfers' })
      .getByRole('row', { name: /Bruto \(producten \+ verzending/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Meest gereserveerd' }).waitFor();
    if (role === SUPER_ADMIN) {
      const breakdown = page.getByRole('table', { name: 'Per atelier' });
      await breakdown.getByRole('row', { name: /De Draaischijf/ }).waitFor();
      await breakdown.getByRole('row', { name: /Glasatelier Helder/ }).waitFor();
    }
    await lookAt(page, `${name}-laptop`);
    await expectAccessible(page, `${name} laptop`);
    await expectNoHorizontalScroll(page, `${name} laptop`);
    await expectCardsOpenTheirLists(page, name);
    if (first !== PHONE) {
      await resize(page, PHONE);
      await onPhone();
    }
    await resize(page, TABLET);
    await expectChartsDrawn(page);
    await expectNoHorizontalScroll(page, `${name} tablet`);
    await screenshot(page, `${name}-tablet`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
