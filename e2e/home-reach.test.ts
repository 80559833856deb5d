import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

/**
 * The super admin's workshop table is the role's home screen; it sat under 1,900 px of
 * dashboard at 1366×768. Its first workshop is now in the first screenful without scrolling on a laptop and a small
 * laptop, and the home still fits and passes axe at every size.
 */
const SIZES: [string, Viewport][] = [
  ['1366x768', LAPTOP],
  ['1280x800', { width: 1280, height: 800 }],
  ['820x1180', TABLET],
  ['390x844', { width: 390, height: 844 }],
];

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
  for (const [name, viewport] of SIZES) {
    it(`has the workshop table within reach at ${name}`, async () => {
      const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, viewport);
      const row = firstWorkshop(page, viewport.width < 768);
      await row.waitFor();
      await settled(page);
      const box = await row.boundingBox();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled, 'the home opens at its top').toBe(0);
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
      if (viewport === LAPTOP) await expectAccessible(page, `home ${name}`);
      // The dashboard is still there, below the table.
      await page.getByRole('heading', { name: 'Cijfers van de marktplaats' }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
