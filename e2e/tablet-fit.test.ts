import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  LAPTOP,
  launch,
  PHONE,
  SMALL_LAPTOP,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { type DemoRole, openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/**
 * On a tablet the status and role badges show their whole text, the eleven status tabs stay on one row;
 * on a phone a reservation's products need no sideways swipe to reach their remove button; the super admin's cards
 * name the workshop; the super admin's 'Per atelier' table never scrolls sideways.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function openAs(role: DemoRole, viewport: Viewport, path: string) {
  return openSignedIn(browser, role, viewport, path);
}

/** Badges whose text is cut off (an ellipsis or hidden overflow): their full text. */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')]
      .filter((badge) => badge.offsetParent !== null)
      .filter((badge) => {
        const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
        return label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1;
      })
      .map((badge) => badge.textContent ?? ''),
  );

/** How far the page scrolls sideways (0 when it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('tablet and phone fit', () => {
  it('status badges whole and the status tabs on one row at 820 px', async () => {
    const { page, context, errors } = await openAs(WORKSHOP_ADMIN, TABLET, '/reservations?status=alle');
    await page
      .getByRole('button', { name: /^Acties voor / })
      .first()
      .waitFor();
    await settled(page);
    expect(await cutBadges(page)).toEqual([]);
    const tabTops = await page
      .getByRole('tab')
      .evaluateAll((tabs) => [...new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top)))]);
    expect(tabTops, 'rows of status tabs').toHaveLength(1);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The chosen tab is in view, also when it lies far to the right.
    const chosen = await page.getByRole('tab', { selected: true }).boundingBox();
    expect((chosen?.x ?? -1) >= 0 && (chosen?.x ?? 0) + (chosen?.width ?? 0) <= TABLET.width).toBe(true);
    await screenshot(page, 'fit-reservations-820');
    for (const [name, viewport] of [
      ['1366', LAPTOP],
      ['1280', SMALL_LAPTOP],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settled(page);
      expect(await cutBadges(page), `badges at ${name}`).toEqual([]);
      expect(await pageOverflow(page), `page at ${name}`).toBeLessThanOrEqual(0);
      await screenshot(page, `fit-reservations-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('role badges whole in the user list at 820 px', async () => {
    const { page, context, errors } = await openAs(WORKSHOP_ADMIN, TABLET, '/');
    await page.getByRole('table').filter({ hasText: 'Beheerder' }).first().waitFor();
    await settled(page);
    expect(await cutBadges(page)).toEqual([]);
    await screenshot(page, 'fit-users-820');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone the products of a reservation stack, with the remove button in view', async () => {
    // Its own new reservation: files before this one on its server may have approved or rejected the demo's.
    const { orderNumber } = await placeShopOrder({ name: 'Tamara Tablet', email: 'tamara.tablet@example.nl' });
    const { page, context, errors } = await openAs(WORKSHOP_ADMIN, PHONE, '/reservations?status=nieuw');
    const card = page.getByRole('listitem').filter({ hasText: orderNumber }).first();
    await card.waitFor();
    await card.click();
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();
    const remove = dialog.getByRole('button', { name: /uit de reservering halen$/ }).first();
    await remove.waitFor();
    await settled(page);
    const box = await remove.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // Nothing in the dialog scrolls sideways.
    const sideways = await dialog.evaluate((root) =>
      [root, ...root.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
        .filter((el) => getComputedStyle(el).overflowX !== 'hidden')
        .map((el) => el.className || el.tagName),
    );
    expect(sideways).toEqual([]);
    await screenshot(page, 'fit-reservation-dialog-390');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the super admin's cards name the workshop; 'Per atelier' never scrolls sideways", async () => {
    const { page, context, errors } = await openAs(SUPER_ADMIN, PHONE, '/reservations?status=alle');
    const card = page
      .getByRole('listitem')
      .filter({ hasText: /AM-\d+/ })
      .first();
    await card.waitFor();
    expect(await card.textContent()).toMatch(/Atelier.*(De Draaischijf|Glasatelier Helder)/);
    await screenshot(page, 'fit-reservations-super-390');

    await page.goto(`${new URL(page.url()).origin}/`);
    for (const [name, viewport] of [
      ['390', PHONE],
      ['820', TABLET],
      ['1280', SMALL_LAPTOP],
      ['1366', LAPTOP],
    ] as const) {
      await page.setViewportSize(viewport);
      const breakdown = page.getByRole('region', { name: 'Per atelier' });
      await breakdown.getByText('Glasatelier Helder').first().waitFor();
      await settled(page);
      const scrolls = await breakdown.evaluate((root) =>
        [root, ...root.querySelectorAll<HTMLElement>('*')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          .map((el) => el.className || el.tagName),
      );
      expect(scrolls, `'Per atelier' at ${name}`).toEqual([]);
      expect(await pageOverflow(page), `page at ${name}`).toBeLessThanOrEqual(0);
      await breakdown.scrollIntoViewIfNeeded();
      await screenshot(page, `fit-per-atelier-${name}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
