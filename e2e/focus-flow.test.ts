import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAPTOP, launch, openPage } from './support/browser.ts';
import { expectShellFor, logIn, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

/**
 * Issue 27.4: focus is never lost (left on the page itself) after a reservation's action in its detail dialog, nor
 * after Escape when that action moved the row to another tab.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** What has focus, in words; 'body' when focus was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const inDialog = el.closest('[role="dialog"]') ? 'in dialog ' : '';
    return `${inDialog}${role}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}`;
  });

describe('focus follows the work', () => {
  it('approving in the detail dialog, and Escape after the row moved to another tab', async () => {
    const { page, context, errors } = await openPage(browser, LAPTOP);
    await logIn(page, WORKSHOP_ADMIN);
    await expectShellFor(page, WORKSHOP_ADMIN);
    await page.goto(`${new URL(page.url()).origin}/reservations`);
    await page.getByRole('tab', { name: /^Nieuw/ }).click();
    const row = page.getByRole('row').filter({ hasText: 'Nieuw' }).filter({ hasNotText: 'Gepauzeerd' }).first();
    await row.waitFor();
    const orderNumber = /AM-\d+/.exec((await row.textContent()) ?? '')?.[0] ?? '';
    await row.getByText(orderNumber).click();
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: `Goedkeuren: reservering ${orderNumber}` }).click();
    await page.getByRole('button', { name: 'Goedkeuren en betaallink sturen' }).click();
    await page.getByText('Het accepteren is gelukt').waitFor();
    await dialog.getByText('Wachten op betaling').first().waitFor();
    await settled(page);
    // The work goes on in the dialog: its next action has focus.
    await expect.poll(() => focused(page)).toMatch(/^in dialog button: .*reservering/);

    // Escape: the row went to 'Wachten op betaling'; the chosen tab takes focus instead of the page.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
    await expect.poll(() => focused(page)).toMatch(/^tab: Nieuw/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
