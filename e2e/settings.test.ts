/**
 * The super admin's 'Instellingen': change a deadline and the platform fee, save, reload and see them;
 * a bad duration is refused in Dutch. axe on the screen, screenshots at a laptop and a phone. The settings are put
 * back at the end: the other browser tests share this server (and its scheduler reads the deadlines).
 */
import type { Browser, Page } from 'playwright-core';
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
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

// A number and a Dutch unit; the API keeps '24h'.
const remind = (page: Page) => page.getByRole('textbox', { name: /^Herinnering aan het atelier na/ });
const remindUnit = (page: Page) => page.getByRole('combobox', { name: 'Eenheid voor Herinnering aan het atelier na' });
const fee = (page: Page) => page.getByLabel('Commissie van het platform (%)');

async function openSettings(viewport: Viewport) {
  const opened = await openSignedIn(browser, SUPER_ADMIN, viewport, `/settings`);
  await opened.page.getByRole('heading', { level: 1, name: 'Instellingen' }).waitFor();
  await remind(opened.page).waitFor();
  await settled(opened.page);
  return opened;
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await page.getByText('De instellingen zijn opgeslagen').waitFor();
  await settled(page);
}

describe('Instellingen', () => {
  it('changes a deadline and the fee, which hold after a reload, and fits a phone', async () => {
    const { page, context } = await openSettings(LAPTOP);
    const before = {
      remind: await remind(page).inputValue(),
      unit: await remindUnit(page).inputValue(),
      fee: await fee(page).inputValue(),
    };
    expect(before).toEqual({ remind: '24', unit: 'uren', fee: '25 %' });

    await remind(page).fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Vul een duur in: een aantal minuten, uren of dagen.').waitFor();
    await remind(page).fill('36');
    await fee(page).fill('22,5');
    await page.getByLabel('IBAN van het platform').fill('nl91abna0417164300');
    await page.getByLabel('Naam van de rekeninghouder').fill('Ateliermarkt B.V.');
    await page.getByLabel('Naam van de rekeninghouder').press('Tab');
    await save(page);

    await page.reload();
    await remind(page).waitFor();
    await settled(page);
    expect(await remind(page).inputValue()).toBe('36');
    expect(await remindUnit(page).inputValue()).toBe('uren');
    expect(await fee(page).inputValue()).toBe('22,5 %');
    expect(await page.getByLabel('IBAN van het platform').inputValue()).toBe('NL91 ABNA 0417 1643 00');
    await expectAccessible(page, 'settings');
    await expectFitsViewport(page, 'settings');
    await screenshot(page, 'settings-1366');

    // Back as it was, for the other tests on this server.
    await remind(page).fill(before.remind);
    await fee(page).fill('25');
    await page.getByLabel('IBAN van het platform').fill('');
    await page.getByLabel('Naam van de rekeninghouder').fill('');
    await save(page);

    // On a phone, the window made smaller (`resize` in support/browser.ts).
    await resize(page, PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'settings on a phone');
    await expectFitsViewport(page, 'settings on a phone');
    await screenshot(page, 'settings-390');
    await page.getByLabel('Naam van de rekeninghouder').scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-390-bottom');
    await context.close();
  });
});
