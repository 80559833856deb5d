import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, launch, screenshot } from './support/browser.ts';
import { openSignedIn, PLAIN_USER, WORKSHOP_ADMIN } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('404', () => {
  it('an unknown path shows the 404 page', async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, undefined, `/bestaat/niet`);
    await page.getByText('Niks gevonden. 404.').waitFor();
    await expectAccessible(page, '404');
    await screenshot(page, 'not-found');
    await context.close();
  });

  it.each([
    ['/resources', PLAIN_USER],
    ['/admin-overview', WORKSHOP_ADMIN],
    ['/products/featured', WORKSHOP_ADMIN],
    ['/reservations', PLAIN_USER],
  ])('%s is a 404 for a role that may not see it', async (path, role) => {
    const { page, context } = await openSignedIn(browser, role);
    await page.goto(new URL(path, page.url()).toString());
    await page.getByText('Niks gevonden. 404.').waitFor();
    expect(await page.getByText('nog niet beschikbaar').count()).toBe(0);
    await context.close();
  });
});
