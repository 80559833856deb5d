import { SHOP_MESSAGES } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
  TABLET,
} from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/** Withdrawals in the back-office: the 'Herroepen' tab, the 'Herroepingen' card and the wizard's 'Op maat gemaakt'. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function noSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal scroll on ${label}`).toBeLessThanOrEqual(0);
}

describe('withdrawals in the back-office', () => {
  it("lists a withdrawn reservation under 'Herroepen', at every size", async () => {
    const placed = await placeShopOrder({ name: 'Herroep Tab', email: 'herroep.tab@example.nl' });
    const token = new URL(placed.customerUrl).pathname.split('/').at(-1);
    const res = await fetch(`${baseUrl()}/api/shop/reservations/${token}/withdraw`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);

    // One page, the laptop's first, made smaller for the tablet and the phone (`resize` in support/browser.ts).
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    await page.getByRole('heading', { name: 'Te doen' }).waitFor();
    await page.getByText('Herroepingen', { exact: true }).first().waitFor();
    const sizes = [
      [LAPTOP, 'laptop'],
      [TABLET, 'tablet'],
      [PHONE, 'phone'],
    ] as const;
    for (const [viewport, name] of sizes) {
      await resize(page, viewport);
      await noSidewaysScroll(page, `dashboard ${name}`);
    }
    await page.goto(`${baseUrl()}/reservations?status=herroepen`);
    const tab = page.getByRole('tab', { name: new RegExp(`^${SHOP_MESSAGES.withdrawalsTab}`) });
    await tab.waitFor();
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await page.getByText(placed.orderNumber).first().waitFor();
    for (const [viewport, name] of [...sizes].reverse()) {
      await resize(page, viewport);
      await noSidewaysScroll(page, `withdrawals tab ${name}`);
      await expectAccessible(page, `withdrawals tab ${name}`);
      await screenshot(page, `withdrawals-tab-${name}`);
    }
    await context.close();
  });

  it("offers 'Op maat gemaakt' in the product wizard", async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, PHONE, `/product/add`);
    await page.getByRole('heading', { name: 'Product toevoegen' }).waitFor();
    const box = page.getByRole('checkbox', { name: SHOP_MESSAGES.madeToMeasureLabel });
    await box.check();
    expect(await box.isChecked()).toBe(true);
    await page.getByText(SHOP_MESSAGES.madeToMeasureDescription).waitFor();
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [LAPTOP, 'laptop'],
    ] as const) {
      await resize(page, viewport);
      await noSidewaysScroll(page, `wizard ${name}`);
      await expectAccessible(page, `wizard made to measure ${name}`);
      await box.scrollIntoViewIfNeeded();
      await screenshot(page, `wizard-made-to-measure-${name}`);
    }
    await context.close();
  });
});
