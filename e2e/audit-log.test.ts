/**
 * The Logboek: the super admin reads every workshop's entries and filters them (the filters stay in the
 * URL) and exports them; a workshop admin reads the own workshop's, with no workshop filter. At 1366×768 and 390×844,
 * with axe and screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
  type Viewport,
} from './support/browser.ts';
import { type DemoRole, openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function openLog(role: DemoRole, viewport: Viewport) {
  const opened = await openSignedIn(browser, role, viewport, `/audit-log`);
  await opened.page.getByRole('heading', { level: 1, name: /^Logboek/ }).waitFor();
  await opened.page.getByText('Ingelogd').first().waitFor();
  await settled(opened.page);
  return opened;
}

describe('Logboek', () => {
  it("a workshop admin reads the own workshop's entries only, on a laptop and a phone", async () => {
    const { page, context } = await openLog(WORKSHOP_ADMIN, LAPTOP);
    expect(await page.getByLabel('Atelier', { exact: true }).count()).toBe(0);
    // The phone as the window made smaller (`resize` in support/browser.ts).
    for (const [viewport, size] of [
      [LAPTOP, 'laptop'],
      [PHONE, 'phone'],
    ] as const) {
      await resize(page, viewport);
      await expectFitsViewport(page, `audit log workshop admin ${size}`);
      await expectAccessible(page, `audit log workshop admin ${size}`);
      await screenshot(page, `audit-log-workshop-admin-${size}`);
    }
    // Another workshop's entries are never on the page (the server scopes; the URL cannot widen it).
    await page.goto(`${new URL(page.url()).origin}/audit-log?gebruiker=glasatelierhelder`);
    await page.getByText('Geen regels gevonden met deze filters').waitFor();
    await context.close();
  });

  for (const [viewport, size] of [
    [LAPTOP, 'laptop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`the super admin filters by kind and workshop and exports (${size})`, async () => {
      const { page, context } = await openLog(SUPER_ADMIN, viewport);
      await expectFitsViewport(page, `audit log super admin ${size}`);
      await expectAccessible(page, `audit log super admin ${size}`);
      await screenshot(page, `audit-log-super-admin-${size}`);

      await page.getByLabel('Soort').selectOption({ label: 'Inloggen en sessies' });
      await page.waitForURL(/soort=inloggen/);
      await page.getByLabel('Atelier', { exact: true }).selectOption({ label: 'De Draaischijf' });
      await page.waitForURL(/soort=inloggen.*atelier=|atelier=.*soort=inloggen/);
      expect(page.url()).toMatch(/atelier=[0-9a-f-]{36}/);
      await settled(page);
      await page.getByText('Ingelogd').first().waitFor();
      // Only log-in kinds are left, all of De Draaischijf.
      expect(await page.getByText('Atelier gewijzigd').count()).toBe(0);
      await expectFitsViewport(page, `audit log filtered ${size}`);

      // A reload keeps the filters.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /^Logboek/ }).waitFor();
      await settled(page);
      expect(await page.getByLabel('Soort').inputValue()).toBe('login');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exporteren naar Excel' }).click();
      expect((await download).suggestedFilename()).toBe('logboek.xlsx');
      await page.getByText('Je bestand is gedownload!').first().waitFor();
      await screenshot(page, `audit-log-super-admin-filtered-${size}`);
      await context.close();
    });
  }
});
