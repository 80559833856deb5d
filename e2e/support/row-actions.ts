import type { Page } from 'playwright-core';

/** Runs one of a row's actions as a person does: the row's '…' button ('Acties voor {name}'), then the item. */
export async function rowAction(page: Page, rowName: string, action: string | RegExp) {
  await page
    .getByRole('button', { name: `Acties voor ${rowName}`, exact: true })
    .first()
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The items of a row's '…' menu, read and closed again. */
export async function rowActionLabels(page: Page, rowName: string): Promise<string[]> {
  await page
    .getByRole('button', { name: `Acties voor ${rowName}`, exact: true })
    .first()
    .click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const labels = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return labels;
}
