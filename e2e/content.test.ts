import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot, TABLET } from './support/browser.ts';
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

async function asSuperAdmin(viewport = LAPTOP) {
  const opened = await openSignedIn(browser, SUPER_ADMIN, viewport);
  return opened;
}

async function nav(page: Page, label: string) {
  await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
}

describe('content management', () => {
  it('edits a text in the dialog, refuses an empty one, and saves with the notice', async () => {
    const { page, context, errors } = await asSuperAdmin();
    await nav(page, 'Contentbeheer');
    await page.getByRole('heading', { name: 'Contentbeheer' }).waitFor();
    const row = page.getByRole('row', { name: /newsletter\.thanks/ });
    await row.waitFor();
    await expectAccessible(page, 'resources');
    await screenshot(page, 'content-resources-1366');

    await rowAction(page, 'tekst newsletter.thanks', 'Wijzigen');
    await page.waitForURL(/\/resources\/[0-9a-f-]{36}$/);
    const dialog = page.getByRole('dialog', { name: 'Tekst wijzigen' });
    const editor = dialog.getByRole('textbox', { name: 'Tekst' });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('De tekst mag niet leeg zijn').waitFor();

    await editor.click();
    await page.keyboard.type('Dank je wel voor je ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('aanmelding');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('!');
    await expectAccessible(page, 'resource dialog');
    await screenshot(page, 'content-resource-dialog-1366');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De tekstwijziging is opgeslagen').waitFor();
    await page.waitForURL(/\/resources$/);
    await row.getByText('aanmelding').waitFor();
    expect(await row.locator('strong', { hasText: 'aanmelding' }).count()).toBe(1);

    // Reload: the stored text comes back in the editor exactly as written.
    await page.reload();
    await rowAction(page, 'tekst newsletter.thanks', 'Wijzigen');
    const again = page.getByRole('dialog', { name: 'Tekst wijzigen' }).getByRole('textbox', { name: 'Tekst' });
    await again.waitFor();
    expect(await again.innerHTML()).toBe('<p>Dank je wel voor je <strong>aanmelding</strong>!</p>');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/resources$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a tablet: no sideways scrolling, no serious axe violation', async () => {
    const { page, context } = await asSuperAdmin(TABLET);
    await page.goto(`${new URL(page.url()).origin}/resources`);
    await page.getByRole('row', { name: /home\.intro/ }).waitFor();
    await expectFitsViewport(page, 'resources on a tablet');
    await expectAccessible(page, 'resources on a tablet');
    await screenshot(page, 'content-resources-820');
    await context.close();
  });
});

describe('subcategories', () => {
  it('adds, edits and deletes a subcategory with the confirmations', async () => {
    const { page, context, errors } = await asSuperAdmin();
    await nav(page, 'Subcategorieën');
    await page.getByRole('row', { name: /Vazen/ }).waitFor();
    await expectAccessible(page, 'subcategories');
    await screenshot(page, 'subcategories-1366');

    await page.getByRole('button', { name: 'Subcategorie toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subcategorie toevoegen' });
    await dialog.getByLabel('Positie').fill('');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await dialog.getByText('De subcategorie mag niet leeg zijn').waitFor();
    await dialog.getByText('De positie mag niet leeg zijn').waitFor();
    await dialog.getByLabel('Titel').fill('Kandelaars');
    await dialog.getByLabel('Positie').fill('6');
    await dialog.getByRole('textbox', { name: 'Inhoud' }).click();
    await page.keyboard.type('Van messing en keramiek.');
    await expectAccessible(page, 'subcategory add dialog');
    await screenshot(page, 'subcategory-add-1366');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De subcategorie is toegevoegd').waitFor();
    const row = page.getByRole('row', { name: /Kandelaars/ });
    await row.waitFor();

    await rowAction(page, 'Kandelaars', 'Wijzigen');
    await page.getByRole('heading', { name: 'Kandelaars wijzigen' }).waitFor();
    await page.getByLabel('Titel').fill('Kandelaars en lantaarns');
    await page.getByLabel('Positie').fill('2');
    await expectAccessible(page, 'subcategory edit');
    await screenshot(page, 'subcategory-edit-1366');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De subcategorie is opgeslagen').waitFor();
    await page.waitForURL(/\/subcategories$/);
    // The list may first show its cached order and then the refreshed one: wait for the new position.
    await expect
      .poll(async () => {
        const titles = await page.getByRole('row').allInnerTexts();
        return (
          titles.findIndex((t) => t.includes('Kandelaars en lantaarns')) <
          titles.findIndex((t) => t.includes('Schalen en kommen')) + 1
        );
      })
      .toBe(true);

    await rowAction(page, 'Kandelaars en lantaarns', 'Verwijderen');
    const confirm = page.getByRole('dialog', { name: 'Weet je het zeker?' });
    await confirm.waitFor();
    await settled(page);
    await expectAccessible(page, 'subcategory delete confirmation');
    await screenshot(page, 'subcategory-delete-confirm-1366');
    await confirm.getByRole('button', { name: 'Annuleren' }).click();
    await page.getByRole('row', { name: /Kandelaars en lantaarns/ }).waitFor();
    await rowAction(page, 'Kandelaars en lantaarns', 'Verwijderen');
    await page.getByRole('button', { name: 'Verwijder de subcategorie' }).click();
    await page.getByText('Verwijderd!').waitFor();
    await page.getByText('De subcategorie is verwijderd.').waitFor();
    await page.getByRole('row', { name: /Kandelaars en lantaarns/ }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a tablet: no sideways scrolling, no serious axe violation', async () => {
    const { page, context } = await asSuperAdmin(TABLET);
    await page.goto(`${new URL(page.url()).origin}/subcategories`);
    await page.getByRole('row', { name: /Vazen/ }).waitFor();
    await expectFitsViewport(page, 'subcategories on a tablet');
    await expectAccessible(page, 'subcategories on a tablet');
    await screenshot(page, 'subcategories-820');
    await context.close();
  });
});
