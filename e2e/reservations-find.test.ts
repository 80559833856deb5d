import { dayInAmsterdam, nextDay } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  screenshot,
  type Viewport,
} from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { type PlacedOrder, placeShopOrder } from './support/shop-orders.ts';

/**
 * A reservation found by typing, status tabs with their counts, a date range, an amount column, all in
 * the URL so a reload keeps them; the dashboard's card links keep working.
 */
const CUSTOMER = { name: 'Veerle Vindbaar', email: 'veerle.vindbaar@example.nl' };

let browser: Browser;
let placed: PlacedOrder;
beforeAll(async () => {
  browser = await launch();
  placed = await placeShopOrder(CUSTOMER);
});
afterAll(async () => {
  await closeContexts(browser);
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const row = (page: Page) => page.getByRole('row', { name: new RegExp(`Reservering ${placed.orderNumber} van`) });
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function openReservations(viewport: Viewport, query = '', who = WORKSHOP_ADMIN) {
  const opened = await openSignedIn(browser, who, viewport, `/reservations${query}`);
  await heading(opened.page).waitFor();
  return opened;
}

describe('reservations you can find', () => {
  it('types a search and sees the row, switches tabs, sorts by amount and keeps it all over a reload', async () => {
    const { page, context, errors } = await openReservations(LAPTOP);
    const openTab = page.getByRole('tab', { name: /^Openstaande \d+$/ });
    await openTab.waitFor();
    expect(await openTab.getAttribute('aria-selected')).toBe('true');
    // The two main views come first.
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs[0]).toMatch(/^Openstaande/);
    expect(tabs[1]).toMatch(/^Afgeronde/);

    await page.getByRole('searchbox', { name: 'Zoeken' }).fill('vindBAAR');
    await row(page).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('zoek')).toBe('vindBAAR');
    await page.getByRole('heading', { level: 1, name: 'Openstaande reserveringen (1)' }).waitFor();
    // The counts follow the search: one new reservation, nothing closed.
    await page.getByRole('tab', { name: 'Nieuw 1' }).waitFor();
    await page.getByRole('tab', { name: 'Afgeronde 0' }).waitFor();
    // The amount column shows the reservation's total in euros.
    expect(await row(page).textContent()).toMatch(/€\s?\d+,\d{2}/);

    await page.getByRole('tab', { name: 'Afgeronde 0' }).click();
    // The panel left behind fades out: look in the one chosen.
    await page
      .getByRole('tabpanel', { name: 'Afgeronde' })
      .getByText('Niets gevonden voor deze zoekopdracht.')
      .waitFor();
    await page.getByRole('tab', { name: 'Nieuw 1' }).click();
    await row(page).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('nieuw');

    await page.getByRole('button', { name: /^Bedrag/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sorteer')).toMatch(/^bedrag-(oplopend|aflopend)$/);
    await expectAccessible(page, 'reservations searched');
    await screenshot(page, 'reservations-find-1366x768');
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    const before = page.url();
    await page.reload();
    await row(page).waitFor();
    expect(page.url()).toBe(before);
    expect(await page.getByRole('searchbox', { name: 'Zoeken' }).inputValue()).toBe('vindBAAR');
    expect(await page.getByRole('tab', { name: 'Nieuw 1' }).getAttribute('aria-selected')).toBe('true');

    // A date range after today leaves nothing; clearing brings the row back.
    // Tomorrow in Dutch days, as the filter counts them (UTC's tomorrow is still today between 00:00 and 01:00/02:00).
    const tomorrow = nextDay(dayInAmsterdam(new Date()));
    await page.getByLabel('Van', { exact: true }).fill(tomorrow);
    await page.getByText('Niets gevonden voor deze zoekopdracht.').waitFor();
    expect(new URL(page.url()).searchParams.get('van')).toBe(tomorrow);
    await page.getByRole('tab', { name: 'Nieuw 0' }).waitFor();
    await page.getByRole('button', { name: 'Zoeken en datums wissen' }).click();
    await page.getByRole('tab', { name: /^Nieuw \d+$/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('zoek')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the dashboard's card links: ?taak= lists exactly that card's reservations", async () => {
    const { page, context, errors } = await openReservations(LAPTOP, '?taak=toApprove');
    await page.getByRole('heading', { level: 1, name: /^Goed te keuren/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Zoeken' }).fill(placed.orderNumber);
    await row(page).waitFor();
    expect(new URL(page.url()).searchParams.get('taak')).toBe('toApprove');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the search finds the reservation, no sideways scroll', async () => {
    const { page, context, errors } = await openReservations(PHONE, `?zoek=${encodeURIComponent(CUSTOMER.email)}`);
    await page.getByText(placed.orderNumber).first().waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'reservations searched on a phone');
    await screenshot(page, 'reservations-find-390x844');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits the super admin's wider table (with 'Atelier') at 1366x768: neither page nor table scrolls sideways", async () => {
    // A link of the earlier dialect (a bookmark) opens the same list and is written in the new form.
    const { page, context, errors } = await openReservations(LAPTOP, '?toon=alle&sorteer=amount-desc', SUPER_ADMIN);
    await page.getByRole('heading', { level: 1, name: /^Alle reserveringen \(\d+\)$/ }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?status=alle&sorteer=bedrag-aflopend');
    await page.getByRole('cell', { name: 'Glasatelier Helder' }).first().waitFor();
    await page.getByRole('cell', { name: 'De Draaischijf' }).first().waitFor();
    const table = await page.evaluate(() => {
      const viewport = document.querySelector('.mantine-datatable table')?.closest('.mantine-ScrollArea-viewport');
      return viewport ? viewport.scrollWidth - viewport.clientWidth : 0;
    });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(table).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'reservations of every workshop');
    await screenshot(page, 'reservations-find-super-admin-1366x768');
    expect(errors).toEqual([]);
    await context.close();
  });
  it("keeps the super admin's table within a laptop's width when a customer typed a very long name", async () => {
    // A run of letters without a space or hyphen, as a customer may type (or paste) it; it once widened the
    // table past the screen. The customer's name breaks inside such a run rather than push the other columns out.
    const long = `Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft${Math.random().toString(36).slice(2)}`;
    await placeShopOrder({ name: long, email: 'lange.naam@example.nl' });
    const { page, context, errors } = await openReservations(LAPTOP, `?status=alle&zoek=${long}`, SUPER_ADMIN);
    await page.getByRole('cell', { name: long }).waitFor();
    const table = await page.evaluate(() => {
      const viewport = document.querySelector('.mantine-datatable table')?.closest('.mantine-ScrollArea-viewport');
      return viewport ? viewport.scrollWidth - viewport.clientWidth : 0;
    });
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(table).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
