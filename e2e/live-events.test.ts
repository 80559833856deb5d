import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, LAPTOP, launch, openPage, screenshot } from './support/browser.ts';
import { expectShellFor, logIn, WORKSHOP_ADMIN } from './support/login.ts';

/** Issue 14.3: an order placed in the shop shows up in the back-office without a reload (docs/decisions/0028). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type ShopList = { items: { id: string; isUniqueEdition: boolean; isSold: boolean }[] };

/** A new reservation of De Draaischijf through the shop's public API, as a customer elsewhere would place it. */
async function placeOrder(): Promise<string> {
  const list = (await (
    await fetch(`${baseUrl()}/api/shop/products?workspace=de-draaischijf&pageSize=50`)
  ).json()) as ShopList;
  // Not unique: it pauses no other reservation, so the demo's reservations stay as other tests read them.
  const product = list.items.find((p) => !p.isUniqueEdition && !p.isSold);
  if (!product) throw new Error('no free product in the shop');
  const detail = (await (await fetch(`${baseUrl()}/api/shop/products/${product.id}`)).json()) as {
    deliveryMethods: { id: number }[];
  };
  const res = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Live Klant',
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '1234 AB',
      city: 'Utrecht',
      email: 'live.klant@example.nl',
      deliveryMethodId: detail.deliveryMethods[0]?.id ?? 1,
      products: [{ productId: product.id, quantity: 1 }],
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { orderNumber: string }).orderNumber;
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
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'live-new-reservation-phone');
    await page.setViewportSize(LAPTOP);
    expect(errors).toEqual([]);
    await context.close();
  });
});
