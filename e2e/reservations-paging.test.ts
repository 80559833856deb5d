import type { ReservationPage } from '@ateliermarkt/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, launch } from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('reservations overview pages and sorts on the server', () => {
  it('asks the server for one sorted page and shows its rows in that order', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN);

    const firstPage = page.waitForResponse((r) => r.url().includes('/api/reservations/all?'));
    await page.goto(page.url().replace(/\/?$/, '/reservations?status=afgerond'));
    const first = await firstPage;
    const firstUrl = new URL(first.url());
    expect(Object.fromEntries(firstUrl.searchParams)).toEqual({
      status: 'closed',
      skipCount: '0',
      maxResultCount: '25',
      sorting: 'reservationDate desc',
    });
    const newest = (await first.json()) as ReservationPage;
    expect(newest.items.length).toBeGreaterThan(1);
    await page.getByRole('heading', { level: 1, name: `Afgeronde reserveringen (${newest.totalCount})` }).waitFor();

    // Sorting by order number: a new request to the server, whose order the table shows as it is.
    // (The table keeps the direction when the column changes: Datum was newest first, so this is descending.)
    const sorted = page.waitForResponse((r) => r.url().includes('sorting=orderNumber+desc'));
    await page.getByRole('button', { name: /^Bestelnummer/ }).click();
    const byNumber = (await (await sorted).json()) as ReservationPage;
    const numbers = byNumber.items.map((r) => r.orderNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const rows = page.getByRole('row', { name: /^Reservering AM-/ });
    const firstShown = async () => /AM-\d+/.exec((await rows.first().getAttribute('aria-label')) ?? '')?.[0];
    await expect.poll(firstShown).toBe(numbers[0]);
    const shown = await Promise.all((await rows.all()).map((row) => row.getAttribute('aria-label')));
    expect(shown.map((label) => /AM-\d+/.exec(label ?? '')?.[0])).toEqual(numbers);
    await page.getByText(`1–${numbers.length} van ${byNumber.totalCount}`).waitFor();

    await expectAccessible(page, 'reservations overview sorted');
    expect(errors).toEqual([]);
    await context.close();
  });
});
