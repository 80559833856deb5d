import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  DEMO_PASSWORD,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  screenshot,
  TABLET,
} from './support/browser.ts';
import { logIn, openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

let browser: Browser;
const photo = path.resolve(import.meta.dirname, '../test-results/atelier-foto.jpg');

beforeAll(async () => {
  browser = await launch();
  // About 1.5 MB of noise, so a throttled upload shows its progress for a few seconds.
  const noise = Buffer.alloc(900 * 700 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  writeFileSync(
    photo,
    await sharp(noise, { raw: { width: 900, height: 700, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer(),
  );
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The workshop table, not the dashboard's tables above it (which name the workshops too). */
const workshopTable = (page: Page) => page.getByRole('table', { name: 'Ateliers', exact: true });
const row = (page: Page, name: string) => workshopTable(page).getByRole('row').filter({ hasText: name });
async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Acties voor ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('workshops as super admin', () => {
  it('adds, features, publishes, edits and deletes a workshop, with the confirmations', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    await page.getByRole('heading', { name: 'Ateliers' }).waitFor();
    await row(page, 'Glasatelier Helder').waitFor();
    await expectAccessible(page, 'super admin home');
    await screenshot(page, 'workshops-home-laptop');

    // Sorting by the published column puts the offline workshop last, and the other way round.
    await page.getByRole('button', { name: /^Gepubliceerd/ }).click();
    await expect
      .poll(async () => (await workshopTable(page).getByRole('row').nth(3).textContent()) ?? '')
      .toContain('Wolwerk');
    await page.getByRole('button', { name: /^Gepubliceerd/ }).click();
    await expect
      .poll(async () => (await workshopTable(page).getByRole('row').nth(1).textContent()) ?? '')
      .toContain('Wolwerk');
    // Back to names A–Z (the direction carries over to the newly sorted column, so it takes two clicks).
    const firstRow = async () => (await workshopTable(page).getByRole('row').nth(1).textContent()) ?? '';
    await page.getByRole('button', { name: /^Naam/ }).click();
    if (!(await firstRow()).includes('De Draaischijf')) await page.getByRole('button', { name: /^Naam/ }).click();
    await expect.poll(firstRow).toContain('De Draaischijf');

    // Add: the Dutch messages of the contract first, then a new workshop.
    await page.getByRole('button', { name: 'Atelier toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Atelier toevoegen' });
    await dialog.getByRole('button', { name: 'Atelier toevoegen' }).click();
    await dialog.getByText('De naam van het atelier mag niet leeg zijn').waitFor();
    await dialog.getByText('Het e-mailadres mag niet leeg zijn').waitFor();
    await dialog.getByLabel('Naam van het atelier').fill('Kle');
    await dialog.getByLabel('E-mailadres van de beheerder').fill('smid@vonk');
    await dialog.getByRole('button', { name: 'Atelier toevoegen' }).click();
    await dialog.getByText('De naam van het atelier moet tussen de 4 en 64 karakters lang zijn').waitFor();
    await dialog.getByText('Het e-mailadres is onjuist geformatteerd (smid@vonk)').waitFor();
    await settled(page);
    await expectAccessible(page, 'add workshop dialog');
    await screenshot(page, 'workshops-add-errors');
    await dialog.getByLabel('Naam van het atelier').fill('Smederij Vonk');
    await dialog.getByLabel('E-mailadres van de beheerder').fill('smid@vonk.nl');
    await dialog.getByLabel('Crediteurnummer').fill('CR-2040');
    await dialog.getByLabel('Debiteurnummer').press('Enter');
    await page.getByText('Het atelier is toegevoegd').waitFor();
    await row(page, 'Smederij Vonk').waitFor();

    // Feature another workshop: its confirmation.
    await rowAction(page, 'Glasatelier Helder', 'Uitlichten');
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText('Er is een ander atelier al uitgelicht. Deze komt te vervallen als je deze opslaat.')
      .waitFor();
    await settled(page);
    await expectAccessible(page, 'feature confirmation');
    await screenshot(page, 'workshops-feature-confirm');
    await confirm.getByRole('button', { name: 'Maak dit atelier het uitgelichte atelier.' }).click();
    await page.getByText('Glasatelier Helder is het uitgelichte atelier').waitFor();
    await expect.poll(() => row(page, 'Glasatelier Helder').getByRole('img', { name: 'Ja' }).count()).toBe(1);
    await expect.poll(() => row(page, 'De Draaischijf').getByRole('img', { name: 'Nee' }).count()).toBe(1);

    // Publish the new one, then open it by clicking its row.
    await rowAction(page, 'Smederij Vonk', 'Publiceren');
    await page.getByText('Smederij Vonk is gepubliceerd').waitFor();
    await row(page, 'Smederij Vonk').getByRole('cell').nth(2).click();
    await page.getByRole('heading', { name: 'Smederij Vonk', level: 1 }).waitFor();
    await page.getByText('CR-2040').waitFor();
    await expectAccessible(page, 'workshop detail');
    await page.getByRole('link', { name: 'Wijzigen' }).click();

    // Edit: name and numbers are the super admin's.
    await page.getByRole('heading', { name: 'Smederij Vonk wijzigen' }).waitFor();
    await page.getByLabel('Naam van het atelier').fill('Smi');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De naam van het atelier moet tussen de 4 en 64 karakters lang zijn').waitFor();
    await page.getByLabel('Naam van het atelier').fill('Smederij Vonk & Zonen');
    await page.getByLabel('Debiteurnummer').fill('DB-3050');
    await page.getByLabel('Plaats').fill('Deventer');
    await page.getByRole('combobox', { name: 'Provincie' }).click();
    await page.getByRole('option', { name: 'Overijssel' }).click();
    await expectAccessible(page, 'workshop edit (super admin)');
    await screenshot(page, 'workshop-edit-super-admin');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Het atelier is opgeslagen').waitFor();
    await page.getByRole('heading', { name: 'Smederij Vonk & Zonen', level: 1 }).waitFor();
    await page.getByText('DB-3050').waitFor();
    await page.getByText('Overijssel').waitFor();

    // Delete: not while published; then offline, confirmed, gone.
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('button', { name: 'Acties voor Smederij Vonk & Zonen' }).click();
    const refused = page.getByRole('menuitem', { name: /^Verwijderen/ });
    expect(await refused.isDisabled()).toBe(true);
    await refused.getByText('Een gepubliceerd atelier kan niet worden verwijderd. Zet het eerst offline.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await rowAction(page, 'Smederij Vonk & Zonen', 'Offline halen');
    await page.getByText('Smederij Vonk & Zonen is offline gehaald').waitFor();
    await rowAction(page, 'Smederij Vonk & Zonen', 'Verwijderen');
    const del = page.getByRole('dialog', { name: 'Smederij Vonk & Zonen verwijderen' });
    await del.getByText('Dit kan niet ongedaan worden.', { exact: false }).waitFor();
    await settled(page);
    await expectAccessible(page, 'delete confirmation');
    await screenshot(page, 'workshops-delete-confirm');
    await del.getByRole('button', { name: 'Annuleren' }).click();
    await row(page, 'Smederij Vonk & Zonen').waitFor();
    await rowAction(page, 'Smederij Vonk & Zonen', 'Verwijderen');
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Het atelier is verwijderd.').waitFor();
    await expect.poll(() => row(page, 'Smederij Vonk').count()).toBe(0);

    // Put the demo's featured workshop back for the other tests.
    await rowAction(page, 'De Draaischijf', 'Uitlichten');
    await page.getByRole('dialog').getByRole('button', { name: 'Maak dit atelier het uitgelichte atelier.' }).click();
    await page.getByText('De Draaischijf is het uitgelichte atelier').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks finished on a tablet', async () => {
    const { page, context } = await openPage(browser, TABLET);
    await logIn(page, SUPER_ADMIN);
    await row(page, 'Glasatelier Helder').waitFor();
    await screenshot(page, 'workshops-home-tablet');
    await row(page, 'De Draaischijf').getByRole('link', { name: 'De Draaischijf' }).click();
    await page.getByRole('heading', { name: 'De Draaischijf', level: 1 }).waitFor();
    await page.getByRole('img', { name: 'Foto van De Draaischijf' }).waitFor();
    await expectAccessible(page, 'workshop detail tablet');
    await screenshot(page, 'workshop-detail-tablet');
    await page.setViewportSize(LAPTOP);
    await settled(page);
    await screenshot(page, 'workshop-detail-laptop');
    await context.close();
  });
});

describe('own workshop as workshop admin', () => {
  it('edits the own workshop, uploads a photo with progress, and cannot change the name', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    await page.getByRole('button', { name: new RegExp(WORKSHOP_ADMIN.fullName) }).click();
    await page.getByRole('menuitem', { name: 'Atelier wijzigen' }).click();
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    const name = page.getByLabel('Naam van het atelier');
    await expect.poll(() => name.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Crediteurnummer').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Omschrijving' }).waitFor();
    await expectAccessible(page, 'own workshop edit');
    await screenshot(page, 'workshop-edit-own-laptop');

    // Slow the upload down, so its progress is visible.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 300_000,
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Andere foto kiezen' }).first().click();
    await (await chooser).setFiles(photo);
    await page.getByRole('progressbar', { name: 'Hoofdfoto uploaden' }).waitFor();
    await page.getByText(/Bezig met uploaden… \d+%/).waitFor();
    await screenshot(page, 'workshop-upload-progress');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.getByRole('progressbar').waitFor({ state: 'detached', timeout: 30_000 });

    // A wrong type is refused in Dutch before anything is sent.
    const wrong = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Andere foto kiezen' }).nth(1).click();
    await (await wrong).setFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.getByText('De afbeelding moet van het formaat JPG of PNG zijn').waitFor();

    await page.getByLabel('Openingstijden').fill('Dinsdag t/m zaterdag 10:00 – 17:00');
    await page.getByLabel('E-mailadres').fill('');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Het e-mailadres mag niet leeg zijn').waitFor();
    await page.getByLabel('E-mailadres').fill('info@dedraaischijf.nl');
    await screenshot(page, 'workshop-edit-own-filled');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // A changed e-mail address is re-confirmed with the password.
    const reconfirm = page.getByRole('dialog', { name: 'Bevestig met je wachtwoord' });
    await reconfirm.getByLabel('Huidig wachtwoord').fill(DEMO_PASSWORD);
    await reconfirm.getByRole('button', { name: 'Bevestigen en opslaan' }).click();
    await page.getByText('Het atelier is opgeslagen').waitFor();
    await page.getByRole('heading', { name: 'De Draaischijf', level: 1 }).waitFor();
    await page.getByText('Dinsdag t/m zaterdag 10:00 – 17:00').waitFor();
    expect(await page.getByText('Crediteurnummer').count()).toBe(0);
    const src = await page.getByRole('img', { name: 'Foto van De Draaischijf' }).getAttribute('src');
    // Relative to the app (docs/decisions/0021): it loads from whatever address the page has.
    expect(src).toMatch(/^\/uploads\/images\//);
    const image = await page.request.get(new URL(src ?? '', page.url()).toString());
    expect(image.status()).toBe(200);
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await expectAccessible(page, 'own workshop detail');
    await screenshot(page, 'workshop-detail-own');

    await page.setViewportSize(TABLET);
    await page.goto(`${new URL(page.url()).origin}/workspace`);
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    await page.getByRole('textbox', { name: 'Omschrijving' }).waitFor();
    await screenshot(page, 'workshop-edit-own-tablet');
    expect(errors).toEqual([]);
    await context.close();
  });
});
