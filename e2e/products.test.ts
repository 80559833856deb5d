import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot, TABLET } from './support/browser.ts';
import { openSignedIn, PLAIN_USER, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { rowAction, rowActionLabels } from './support/row-actions.ts';

let browser: Browser;
const photoDir = path.resolve(import.meta.dirname, '../test-results');
const photo = (name: string) => path.join(photoDir, name);

beforeAll(async () => {
  browser = await launch();
  for (const [name, color] of [
    ['vaas-1.jpg', '#3f6e8c'],
    ['vaas-2.jpg', '#b5651d'],
  ] as const) {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
      .jpeg()
      .toBuffer();
    writeFileSync(photo(name), jpeg);
  }
  writeFileSync(
    photo('plaatje.png'),
    await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  await closeContexts(browser);
});

async function next(page: Page) {
  await page.getByRole('button', { name: 'Volgende' }).click();
}

describe('products as workshop admin', () => {
  it('creates a product through the four steps, then publishes, copies, edits and deletes it', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, `/products`);
    await page.getByRole('heading', { name: 'Alle producten' }).waitFor();
    // Loaded: a row's menu is there (other tests' products may fill the first page).
    await page
      .getByRole('button', { name: /^Acties voor / })
      .first()
      .waitFor();
    await expectAccessible(page, 'product overview');
    await screenshot(page, 'products-overview');
    await page.getByRole('link', { name: 'Product toevoegen' }).click();

    // Step 1: validation before moving on.
    await page.getByRole('heading', { name: 'Product toevoegen' }).waitFor();
    await next(page);
    await page.getByText('De naam van het product mag niet leeg zijn').waitFor();
    await page.getByText('Kies minstens één categorie').waitFor();
    await screenshot(page, 'product-wizard-1-errors');
    await page.getByLabel('Naam').fill('Testvaas Zeegroen');
    await page.getByLabel('Omschrijving').fill('Een hoge vaas met een zeegroene glazuur.');
    await page.getByRole('combobox', { name: 'Materiaal' }).fill('Keramiek / aardewerk / porselein');
    await page.getByRole('checkbox', { name: 'Wonen' }).check();
    await page
      .getByRole('textbox', { name: 'Extra categorieën' })
      .or(page.getByRole('combobox', { name: 'Extra categorieën' }))
      .fill('Testcategorie vazen');
    await page
      .getByRole('textbox', { name: 'Extra categorieën' })
      .or(page.getByRole('combobox', { name: 'Extra categorieën' }))
      .press('Enter');
    await expectAccessible(page, 'wizard step 1');
    await screenshot(page, 'product-wizard-1');
    await next(page);

    // Step 2: comma price, live breakdown, delivery-method rule.
    await page.getByRole('textbox', { name: /^Prijs/ }).waitFor();
    await next(page);
    await page.getByText('De prijs van het product mag niet leeg zijn').waitFor();
    await page.getByRole('textbox', { name: /^Prijs/ }).fill('9,99');
    await next(page);
    await page.getByText('De prijs moet hoger zijn dan 10').waitFor();
    await page.getByRole('textbox', { name: /^Prijs/ }).fill('12,35');
    const breakdown = page.getByLabel('Prijsberekening');
    await expect.poll(() => breakdown.textContent()).toContain('€2,14');
    expect(await breakdown.textContent()).toContain('€2,55');
    expect(await breakdown.textContent()).toContain('€7,66');
    await page.getByLabel('Gewicht').fill('850');
    await page.getByLabel('Lengte').fill('20');
    await page.getByLabel('Breedte').fill('15');
    await page.getByLabel('Hoogte').fill('30');
    await page.getByText('Formaat: 20 x 15 x 30 cm').waitFor();
    await next(page);
    await page.getByText('Je moet in ieder geval één verzendmethode kiezen').waitFor();
    await page.getByRole('checkbox', { name: /^Pakket \(/ }).check();
    expect(await page.getByRole('checkbox', { name: /Brievenbuspakje/ }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /Ophalen in het atelier/ }).check();
    await expectAccessible(page, 'wizard step 2');
    await screenshot(page, 'product-wizard-2');
    await next(page);

    // Step 3: a PNG is refused, two JPEGs upload with progress.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: "Foto's toevoegen" }).click();
    await (await chooser).setFiles([photo('plaatje.png')]);
    await page.getByText('plaatje.png: De afbeelding moeten van het formaat JPG zijn').waitFor();
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: "Foto's toevoegen" }).click();
    await (await chooser2).setFiles([photo('vaas-1.jpg'), photo('vaas-2.jpg')]);
    await page.getByRole('button', { name: 'Foto 2 verwijderen' }).waitFor();
    await page.getByText('Productfoto', { exact: true }).waitFor();
    await expectAccessible(page, 'wizard step 3');
    await screenshot(page, 'product-wizard-3');
    await next(page);

    // Step 4: the counter, then save.
    await page.getByLabel('Naam van de maker').fill('Marieke Jansen');
    await page.getByLabel('Over de maker').fill('Draait al twintig jaar.');
    await page.getByText('Nog 127 van 150 tekens').waitFor();
    await expectAccessible(page, 'wizard step 4');
    await screenshot(page, 'product-wizard-4');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('heading', { name: 'Gelukt!' }).waitFor();
    await expectAccessible(page, 'wizard done');
    await screenshot(page, 'product-wizard-done');

    // Admin detail, publish.
    await page.getByRole('link', { name: 'Bekijk het product' }).click();
    await page.getByRole('heading', { name: 'Testvaas Zeegroen' }).waitFor();
    await page.getByText('20 x 15 x 30 cm').waitFor();
    await page.getByText('Concept').waitFor();
    await expectAccessible(page, 'admin detail');
    await screenshot(page, 'product-admin-detail');
    await page.setViewportSize(TABLET);
    await screenshot(page, 'product-admin-detail-tablet');
    await page.setViewportSize(LAPTOP);
    await page.getByRole('button', { name: 'Publiceren' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publiceren' }).click();
    await page.getByText('Het product is gepubliceerd').waitFor();
    await page.getByText('Gepubliceerd', { exact: true }).waitFor();

    // Overview: search, copy, edit, delete.
    await page.goto(page.url().replace(/\/product\/admin-detail\/.*/, '/products'));
    await page.getByLabel('Zoeken').fill('Testvaas');
    await page.getByRole('cell', { name: 'Testvaas Zeegroen', exact: true }).waitFor();
    await rowAction(page, 'Testvaas Zeegroen', 'Kopiëren');
    await page.getByRole('dialog').getByText('Weet je het zeker?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Kopiëren' }).click();
    await page.getByText('Het product is gekopieerd.').waitFor();
    await page.getByRole('cell', { name: 'Testvaas Zeegroen (kopie)', exact: true }).waitFor();

    await rowAction(page, 'Testvaas Zeegroen (kopie)', 'Wijzigen');
    await page.getByLabel('Naam').fill('Testvaas Kopie Gewijzigd');
    // Leaving with unsaved changes asks first.
    await page.getByRole('link', { name: 'Alle producten' }).first().click();
    await page.getByText('Je hebt wijzigingen die nog niet zijn opgeslagen.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Blijven' }).click();
    for (let i = 0; i < 3; i++) await next(page);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('heading', { name: 'Gelukt!' }).waitFor();
    await page.getByRole('link', { name: 'Naar alle producten' }).click();
    await page.getByLabel('Zoeken').fill('Testvaas');
    await page.getByRole('cell', { name: 'Testvaas Kopie Gewijzigd', exact: true }).waitFor();
    await screenshot(page, 'products-overview-search');

    await rowAction(page, 'Testvaas Kopie Gewijzigd', 'Verwijderen');
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('Het product is verwijderd.').waitFor();
    await page.getByRole('cell', { name: 'Testvaas Kopie Gewijzigd', exact: true }).waitFor({ state: 'detached' });
    await page.setViewportSize(TABLET);
    await screenshot(page, 'products-overview-tablet');
    expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

describe('products as plain user', () => {
  it('sees the products on Home and edits only its own', async () => {
    // Wide enough for the 'Geplaatst door' column (a plain user's gives way below 62em), by which the rows
    // are found.
    const { page, context } = await openSignedIn(browser, PLAIN_USER, { width: 1440, height: 900 });
    await page.getByRole('heading', { name: 'Producten' }).waitFor();
    // The search covers name and code: the demo's products of both makers fit the first page.
    const ownRow = page.getByRole('row').filter({ hasText: 'Tom Bakker' }).first();
    await ownRow.waitFor();
    const ownName = (await ownRow.getByRole('button', { name: /^Acties voor / }).getAttribute('aria-label'))?.slice(
      'Acties voor '.length,
    );
    expect(await rowActionLabels(page, ownName ?? '')).toEqual(['Wijzigen', 'Verwijderen']);
    const otherRow = page.getByRole('row').filter({ hasText: 'Marieke Jansen' }).first();
    await otherRow.waitFor();
    // Another's product: its actions are there but disabled, each saying why.
    await otherRow.getByRole('button', { name: /^Acties voor / }).click();
    await page.getByRole('menu').waitFor();
    const refused = page.getByRole('menuitem');
    expect(await refused.count()).toBe(2);
    for (const item of await refused.all()) {
      expect(await item.isDisabled()).toBe(true);
      expect(await item.textContent()).toContain(
        'Alleen de beheerder en wie dit product plaatste kunnen het wijzigen.',
      );
    }
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectAccessible(page, 'user home products');
    await screenshot(page, 'products-user-home');
    await otherRow.click();
    await page.getByText('De volledige productpagina staat in de webshop.').waitFor();
    expect(await page.getByRole('link', { name: 'Wijzigen' }).count()).toBe(0);
    await expectAccessible(page, 'product detail');
    await screenshot(page, 'product-detail');
    await context.close();
  });
});

describe('featured products as super admin', () => {
  it('features and un-features products with search as you type', async () => {
    const { page, context } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP, `/products/featured`);
    await page.getByRole('heading', { name: 'Uitgelichte producten' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const count = async () => (await page.getByRole('row').count()) - 1;
    const before = await count();
    await page.getByLabel('Product toevoegen').fill('druppel');
    await page.getByRole('option', { name: /Hanger Druppel/ }).click();
    await page.getByText('De uitgelichte producten zijn opgeslagen').waitFor();
    await page
      .getByRole('cell', { name: /Hanger Druppel/ })
      .first()
      .waitFor();
    expect(await count()).toBe(before + 1);
    await expectAccessible(page, 'featured');
    await screenshot(page, 'featured-products');
    const beforeGlass = await count();
    await page.getByLabel('Product toevoegen').fill('Glasatelier');
    await page.getByRole('option').first().click();
    // Wait for the new row itself: rows of Glasatelier Helder were already there.
    await expect.poll(count).toBe(beforeGlass + 1);
    while ((await count()) < 8) {
      await page.getByLabel('Product toevoegen').fill('Draaischijf');
      const before2 = await count();
      await page.getByRole('option').first().click();
      await expect.poll(count).toBe(before2 + 1);
    }
    await page
      .getByText('Er zijn al 8 uitgelichte producten. Verwijder er eerst één om een ander toe te voegen.')
      .waitFor();
    expect(await page.getByLabel('Product toevoegen').count()).toBe(0);
    await expectAccessible(page, 'featured, full');
    await screenshot(page, 'featured-products-full');
    await rowAction(page, /^Acties voor Hanger Druppel/, 'Niet meer uitlichten');
    await page
      .getByRole('cell', { name: /Hanger Druppel/ })
      .first()
      .waitFor({ state: 'detached' });
    await page.getByLabel('Product toevoegen').waitFor();
    await page.setViewportSize(TABLET);
    await screenshot(page, 'featured-products-tablet');
    await context.close();
  });
});
