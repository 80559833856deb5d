import type { Page } from '@ateliermarkt/contract';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot, TABLET } from './support/browser.ts';
import { superAdminApi } from './support/content-api.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { rowAction } from './support/row-actions.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function pagesScreen(viewport = LAPTOP) {
  const opened = await openSignedIn(browser, SUPER_ADMIN, viewport, `/pages`);
  await opened.page.getByRole('heading', { name: "Webshop pagina's" }).waitFor();
  return opened;
}

const section = (page: import('playwright-core').Page, name: string) => page.getByRole('region', { name });
const titlesIn = async (page: import('playwright-core').Page, name: string) =>
  (await section(page, name).getByRole('row').allInnerTexts()).slice(1).map((t) => t.split('\t')[1]?.trim());

describe('shop pages', () => {
  it('adds a footer page with an image, a main-menu page, reorders and deletes', async () => {
    const { page, context, errors } = await pagesScreen();
    await section(page, 'Hoofdmenu')
      .getByRole('row', { name: /Over Ateliermarkt/ })
      .waitFor();
    await expectAccessible(page, 'pages');
    await screenshot(page, 'pages-1366');

    // A footer page, with an uploaded image that is made narrower with the keyboard.
    await page.getByRole('button', { name: 'Pagina toevoegen aan footer' }).click();
    await page.waitForURL(/\/pages\/new\/footer$/);
    const dialog = page.getByRole('dialog', { name: 'Nieuwe footerpagina' });
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('De titel van de pagina mag niet leeg zijn').waitFor();
    await dialog.getByLabel('Titel').fill('Cadeaubonnen');
    const editor = dialog.getByRole('textbox', { name: 'Inhoud' });
    await editor.click();
    await page.keyboard.type('Geef een bon van Ateliermarkt cadeau.');
    await page.keyboard.press('Enter');
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#b5542f' } })
      .jpeg()
      .toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Afbeelding uploaden' }).click();
    await (await chooser).setFiles({ name: 'cadeaubon.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const image = editor.locator('img[alt="cadeaubon"]');
    await image.waitFor();
    await image.click();
    const before = (await image.boundingBox())?.width ?? 0;
    await dialog.getByRole('button', { name: 'Afbeelding smaller' }).click();
    await dialog.getByRole('button', { name: 'Afbeelding smaller' }).click();
    await expect.poll(async () => (await image.boundingBox())?.width ?? 0).toBeLessThan(before - 100);
    await settled(page);
    await expectAccessible(page, 'new page dialog');
    await screenshot(page, 'pages-new-dialog-1366');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De pagina is toegevoegd').waitFor();
    await page.waitForURL(/\/pages$/);
    expect(await titlesIn(page, 'Footer')).toContain('Cadeaubonnen');

    // Reopen: the body comes back as it was saved, image width included.
    await section(page, 'Footer').getByRole('button', { name: 'Acties voor Cadeaubonnen', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Wijzigen' }).click();
    const edit = page.getByRole('dialog', { name: 'Pagina wijzigen' });
    const saved = edit.locator('img[alt="cadeaubon"]');
    await saved.waitFor();
    expect(await saved.getAttribute('src')).toMatch(/^\/uploads\/images\/[0-9a-f-]{36}\/original\.jpg$/);
    const stored = (await (await superAdminApi())<Page[]>('GET', 'pages/all')).find((p) => p.title === 'Cadeaubonnen');
    expect(stored?.body).toMatch(
      /^<p>Geef een bon van Ateliermarkt cadeau\.<\/p><img src="\/uploads\/images\/[0-9a-f-]{36}\/original\.jpg" alt="cadeaubon" width="\d+">/,
    );
    expect(Number(/width="(\d+)"/.exec(stored?.body ?? '')?.[1])).toBeLessThan(before);
    await screenshot(page, 'pages-edit-dialog-1366');
    await edit.getByRole('button', { name: 'Annuleren' }).click();

    // A main-menu page, moved up to first place with the arrows.
    await page.getByRole('button', { name: 'Pagina toevoegen aan hoofdmenu' }).click();
    const main = page.getByRole('dialog', { name: 'Nieuwe pagina in het hoofdmenu' });
    await main.getByLabel('Titel').fill('Nieuw binnen');
    await main.getByRole('textbox', { name: 'Inhoud' }).click();
    await page.keyboard.type('De nieuwste producten.');
    // The same notice of the first page may still show: let it go, so the one awaited below is this page's.
    await page.getByText('De pagina is toegevoegd').first().waitFor({ state: 'detached' });
    await main.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De pagina is toegevoegd').waitFor();
    await section(page, 'Hoofdmenu')
      .getByRole('row', { name: /Nieuw binnen/ })
      .waitFor();
    expect(await titlesIn(page, 'Hoofdmenu')).toEqual([
      'Over Ateliermarkt',
      'Hoe werkt reserveren?',
      'Ateliers',
      'Nieuw binnen',
    ]);
    for (let i = 0; i < 3; i++) {
      await rowAction(page, 'Nieuw binnen', 'Omhoog');
      await page.getByText('De volgorde is opgeslagen').first().waitFor();
    }
    await expect
      .poll(() => titlesIn(page, 'Hoofdmenu'))
      .toEqual(['Nieuw binnen', 'Over Ateliermarkt', 'Hoe werkt reserveren?', 'Ateliers']);
    await page.reload();
    await expect
      .poll(() => titlesIn(page, 'Hoofdmenu'))
      .toEqual(['Nieuw binnen', 'Over Ateliermarkt', 'Hoe werkt reserveren?', 'Ateliers']);
    const shop = await (await fetch(`${new URL(page.url()).origin}/api/shop/pages`)).json();
    expect(shop.mainMenu[0].title).toBe('Nieuw binnen');

    // Delete, after the confirmation.
    await rowAction(page, 'Nieuw binnen', 'Verwijderen');
    const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
    await settled(page);
    await expectAccessible(page, 'page delete confirmation');
    await screenshot(page, 'pages-delete-confirm-1366');
    await confirm.getByRole('button', { name: 'Verwijder deze pagina' }).click();
    await page.getByText('Verwijderd!').waitFor();
    await page.getByText('De pagina is verwijderd.').waitFor();
    await section(page, 'Hoofdmenu')
      .getByRole('row', { name: /Nieuw binnen/ })
      .waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a tablet: no sideways scrolling, no serious axe violation', async () => {
    const { page, context } = await pagesScreen(TABLET);
    await section(page, 'Footer')
      .getByRole('row', { name: /Contact/ })
      .waitFor();
    await expectFitsViewport(page, 'pages on a tablet');
    await expectAccessible(page, 'pages on a tablet');
    await screenshot(page, 'pages-820');
    await rowAction(page, 'Contact', 'Wijzigen');
    await page.getByRole('dialog', { name: 'Pagina wijzigen' }).getByRole('textbox', { name: 'Inhoud' }).waitFor();
    await expectFitsViewport(page, 'page dialog on a tablet');
    await expectAccessible(page, 'page dialog on a tablet');
    await screenshot(page, 'pages-edit-dialog-820');
    await context.close();
  });
});
