import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot, TABLET } from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('admin overview', () => {
  it('lists the admins with mailto links and downloads both spreadsheets', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    await page.getByRole('link', { name: 'Alle beheerders' }).first().click();
    await page.getByRole('heading', { name: 'Alle beheerders' }).waitFor();
    const mail = page.getByRole('link', { name: 'beheer@glasatelierhelder.nl' });
    await mail.waitFor();
    expect(await mail.getAttribute('href')).toBe('mailto:beheer@glasatelierhelder.nl');
    await page.getByRole('row').filter({ hasText: 'Platformbeheer' }).first().waitFor();
    // Below the admins, the mails the server gave up on: none in the demo.
    await page.getByRole('heading', { name: 'Niet verstuurde e-mails' }).waitFor();
    await page.getByText('Alle e-mails zijn verstuurd.').waitFor();
    await expectAccessible(page, 'admin overview');
    await screenshot(page, 'admins-laptop');

    for (const [button, file] of [
      ['Download alle beheerders', 'beheerders.xls'],
      ['Download nieuwsbriefaanmeldingen', 'nieuwsbrief-aanmeldingen.xls'],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: button }).click();
      const done = await download;
      expect(done.suggestedFilename()).toBe(file);
      const bytes = readFileSync((await done.path()) ?? '');
      expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
      await page.getByText('Je bestand is gedownload!').first().waitFor();
    }
    await screenshot(page, 'admins-downloaded');
    expect(errors).toEqual([]);
    await page.setViewportSize(TABLET);
    await settled(page);
    await screenshot(page, 'admins-tablet');
    await context.close();
  });
});
