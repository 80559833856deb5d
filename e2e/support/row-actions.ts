import type { Page } from 'playwright-core';

/** A row's '…' button: 'Acties voor {name}' (the exact name, or a pattern for the whole label). */
const menuButton = (page: Page, rowName: string | RegExp) =>
  page
    .getByRole(
      'button',
      typeof rowName === 'string' ? { name: `Acties voor ${rowName}`, exact: true } : { name: rowName },
    )
    .first();

/** Runs one of a row's actions as a person does: the row's '…' button, then the menu item. */
export async function rowAction(page: Page, rowName: string | RegExp, action: string | RegExp) {
  await menuButton(page, rowName).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** The items of a row's '…' menu, read and closed again. */
export async function rowActionLabels(page: Page, rowName: string | RegExp): Promise<string[]> {
  await menuButton(page, rowName).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const labels = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return labels;
}
