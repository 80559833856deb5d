import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  atEverySize,
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  resize,
  screenshot,
  stepSize,
} from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

/**
 * The super admin's workshop table is the role's home screen; it sat under 1,900 px of
 * dashboard at 1366×768. Its first workshop is now in the first screenful without scrolling on a laptop and a small
 * laptop, and the home still fits at every size and passes axe.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The first workshop of the home's 'Ateliers' list: a table row, or on a phone its first card. */
function firstWorkshop(page: Page, phone: boolean) {
  return phone
    ? page.getByRole('list', { name: 'Ateliers' }).getByRole('listitem').first()
    : page.getByRole('table', { name: 'Ateliers' }).locator('tbody tr').first();
}

describe("the super admin's home", () => {
  it('has the workshop table within reach at every size', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, stepSize(0));
    await firstWorkshop(page, false).waitFor();
    await settled(page);
    expect(await page.evaluate(() => window.scrollY), 'the home opens at its top').toBe(0);
    // Each size as the page is turned or the window made smaller (`resize` in support/browser.ts).
    await atEverySize(page, 0, async (name, viewport) => {
      const row = firstWorkshop(page, viewport.width < 768);
      await row.waitFor();
      const box = await row.boundingBox();
      // On a laptop the whole first row shows; a phone's first card at least starts in the first screenful.
      const limit = viewport.width >= 1280 ? viewport.height : viewport.height - 40;
      const edge = viewport.width >= 1280 ? (box?.y ?? Infinity) + (box?.height ?? 0) : (box?.y ?? Infinity);
      expect(edge, `first workshop's ${viewport.width >= 1280 ? 'bottom' : 'top'} at ${name}`).toBeLessThanOrEqual(
        limit,
      );
      // The home table's columns: name, the featured tick and published, at every size (a phone's card names them).
      const where = viewport.width < 768 ? row : page.getByRole('table', { name: 'Ateliers' }).locator('thead');
      for (const column of ['Uitgelicht', 'Gepubliceerd'])
        expect(await where.getByText(column, { exact: true }).isVisible(), `${column} at ${name}`).toBe(true);
      await expectFitsViewport(page, `home ${name}`);
      await screenshot(page, `home-reach-superadmin-${name}`);
    });
    // axe opens the menus, which may scroll: after the first screenfuls are measured.
    await resize(page, LAPTOP);
    await expectAccessible(page, 'home 1366x768');
    // The dashboard is still there, below the table.
    await page.getByRole('heading', { name: 'Cijfers van de marktplaats' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
