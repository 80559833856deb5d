import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot } from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

/**
 * The row '…' menu of every list passes axe when open (it failed with a critical
 * aria-required-children, and its red items were 3.28:1 on white). expectAccessible opens the menus and tabs itself.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('row menus pass axe when open', () => {
  it("the workshop admin's products and reservations, with their menus and tabs open", async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    const origin = new URL(page.url()).origin;
    for (const path of ['/products', '/reservations']) {
      await page.goto(`${origin}${path}`);
      await page
        .getByRole('button', { name: /^Acties voor / })
        .first()
        .waitFor();
      await settled(page);
      await expectAccessible(page, path);
    }
    // The red item of a menu, as axe saw it.
    await page.goto(`${origin}/products`);
    await page
      .getByRole('button', { name: /^Acties voor / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Verwijderen' }).waitFor();
    await screenshot(page, 'row-menu-open-1366x768');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the super admin's workshops, with the row menu open", async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    await page
      .getByRole('button', { name: /^Acties voor / })
      .first()
      .waitFor();
    await settled(page);
    await expectAccessible(page, 'home');
    expect(errors).toEqual([]);
    await context.close();
  });
});
