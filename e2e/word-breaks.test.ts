import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, launch, resize, SIZES, screenshot, sizesFrom } from './support/browser.ts';
import { type DemoRole, openSignedIn, PLAIN_USER, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';
import { splitWords } from './support/word-breaks.ts';

/**
 * Every list shows whole words on a laptop, a small laptop, a tablet and a phone. A column that has no
 * room gives way (or its text wraps between words); a name is never cut in the middle ('Wandteg|el handbesc|hilderd').
 * The plain user sees who placed each product from 1280 px up. Each list is loaded once, at a size of its own, and
 * then resized through the others (`resize` in support/browser.ts says why that shows the same).
 */
const LISTS: Record<string, string[]> = {
  // The plain user's home is the product overview.
  [PLAIN_USER.label]: ['/products', '/'],
  [WORKSHOP_ADMIN.label]: ['/products', '/reservations', '/', '/statements'],
  [SUPER_ADMIN.label]: [
    '/',
    '/reservations',
    '/admin-overview',
    '/products/featured',
    '/pages',
    '/resources',
    '/subcategories',
    '/statements',
  ],
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** How far the widest list table reaches beyond its frame (mantine-datatable scrolls it sideways then), in px. */
function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport')].map(
        (el) => el.scrollWidth - el.clientWidth,
      ),
    ),
  );
}

async function checkLists(role: DemoRole) {
  const paths = LISTS[role.label] ?? [];
  const { page, context, errors } = await openSignedIn(browser, role, SIZES[0][1]);
  const origin = new URL(page.url()).origin;
  const broken: string[] = [];
  for (const [index, path] of paths.entries()) {
    for (const [step, [name, viewport]] of sizesFrom(index).entries()) {
      if (step === 0) {
        await page.setViewportSize(viewport);
        await page.goto(`${origin}${path}`);
        // A list may be empty (nothing featured yet): then the quiet network says it has loaded.
        await page
          .locator('.mantine-datatable tbody tr, ul[aria-label] > li, ul[aria-labelledby] > li')
          .first()
          .waitFor({ timeout: 10_000 })
          .catch(() => {});
        await settled(page);
      } else await resize(page, viewport);
      await expectFitsViewport(page, `${path} at ${name}`);
      for (const word of await splitWords(page)) broken.push(`${path} at ${name}: ${word}`);
      // Who placed a product decides whether a plain user may change it: on a laptop its column shows.
      if (role === PLAIN_USER && viewport.width >= 1280)
        expect(
          // A sortable header is a button in its cell (mantine-datatable), so it is found by its text.
          await page.getByRole('table', { name: 'Producten' }).locator('thead').getByText('Geplaatst door').isVisible(),
          `'Geplaatst door' on ${path} at ${name}`,
        ).toBe(true);
      // ... and the table needs no sideways scrolling in its frame (a badge cut off under the pinned '…' column).
      if (role === PLAIN_USER && viewport.width >= 1280)
        expect(
          await tableOverflow(page),
          `the product table scrolls sideways on ${path} at ${name}`,
        ).toBeLessThanOrEqual(1);
      if (path === '/products' || (path === '/' && role !== WORKSHOP_ADMIN))
        await screenshot(page, `word-breaks-${role.label}-${path.replace(/\W+/g, '') || 'home'}-${name}`);
    }
  }
  expect(broken, 'words split').toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
}

describe('lists show whole words at every size', () => {
  it("the workshop admin's lists", async () => {
    await checkLists(WORKSHOP_ADMIN);
  });
  it("the super admin's lists", async () => {
    await checkLists(SUPER_ADMIN);
  });
  it("the plain user's lists", async () => {
    await checkLists(PLAIN_USER);
  });
});
