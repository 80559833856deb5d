import type { Page } from 'playwright-core';

/** Waits until open menus are gone and the dialog finished its fade-in, so axe sees the screen as a person does. */
export async function settled(page: Page) {
  await page
    .getByRole('menu')
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.waitForTimeout(400);
}
