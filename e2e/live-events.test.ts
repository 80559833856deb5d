import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, openPage, PHONE, screenshot } from './support/browser.ts';
import { expectShellFor, logIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/** An order placed in the shop shows up in the back-office without a reload (docs/decisions/0028). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function placeOrder(): Promise<string> {
  return (await placeShopOrder({ name: 'Live Klant', email: 'live.klant@example.nl' })).orderNumber;
}

describe('live updates', () => {
  it('a new shop order raises the badge, appears in the open list and shows a notice, without a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    // The stream's answer (its headers) arrives once the server has it subscribed.
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.ok());
    await logIn(page, WORKSHOP_ADMIN);
    await expectShellFor(page, WORKSHOP_ADMIN);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const reservationsLink = nav.getByRole('link', { name: /Reserveringen/ });
    await reservationsLink.click();
    await page
      .getByRole('heading', { name: /Openstaande reserveringen/ })
      .first()
      .waitFor();
    const badgeCount = async () =>
      Number(/(\d+) openstaand/.exec((await reservationsLink.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(badgeCount).toBeGreaterThan(0);
    const before = await badgeCount();
    await streamOpen;
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const orderNumber = await placeOrder();

    await page
      .getByRole('alert')
      .filter({ hasText: `Nieuwe reservering ${orderNumber}` })
      .waitFor();
    await expect.poll(badgeCount).toBe(before + 1);
    await page.getByRole('row').filter({ hasText: orderNumber }).waitFor();
    await page.getByRole('heading', { name: `Openstaande reserveringen (${before + 1})` }).waitFor();
    expect(navigations).toBe(0);
    await expectAccessible(page, 'reservations with the new-reservation notice');
    await screenshot(page, 'live-new-reservation');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'live-new-reservation-phone');
    await page.setViewportSize(LAPTOP);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the home's 'Goed te keuren' card counts a new shop order without a reload", async () => {
    const { page, context, errors } = await openPage(browser);
    const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.ok());
    await logIn(page, WORKSHOP_ADMIN);
    await expectShellFor(page, WORKSHOP_ADMIN);
    const card = page.getByRole('link', { name: /^\d+ Goed te keuren$/ });
    await card.waitFor();
    // Its text starts with the count ('3Goed te keuren…').
    const cardCount = async () => Number(/^(\d+)/.exec((await card.textContent()) ?? '')?.[1]);
    const before = await cardCount();
    expect(Number.isNaN(before)).toBe(false);
    await streamOpen;
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });

    const orderNumber = await placeOrder();

    await page
      .getByRole('alert')
      .filter({ hasText: `Nieuwe reservering ${orderNumber}` })
      .waitFor();
    await expect.poll(cardCount).toBe(before + 1);
    expect(navigations).toBe(0);
    await expectAccessible(page, 'home with the new-reservation notice');
    await screenshot(page, 'live-home-card');

    // The notice lies below the header, clear of the user menu's button, and opens its reservation.
    const next = await placeOrder();
    const notice = page.getByRole('alert').filter({ hasText: `Nieuwe reservering ${next}` });
    await notice.waitFor();
    const noticeBox = await notice.boundingBox();
    const userMenu = await page
      .getByRole('banner')
      .getByRole('button', { name: WORKSHOP_ADMIN.fullName })
      .boundingBox();
    expect(noticeBox && userMenu).toBeTruthy();
    expect((noticeBox?.y ?? 0) >= (userMenu?.y ?? 0) + (userMenu?.height ?? 0)).toBe(true);
    await notice.getByRole('button', { name: 'Bekijken' }).click();
    await page.getByRole('dialog', { name: `Reservering ${next}` }).waitFor();
    await page.waitForURL(/\/reservations\/[0-9a-f-]{36}$/);
    await screenshot(page, 'live-notice-opened');
    expect(errors).toEqual([]);
    await context.close();
  });
});
