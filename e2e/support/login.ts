import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './browser.ts';

export type DemoRole = { label: string; workshop: string | null; user: string; fullName: string; kind: string };

export const SUPER_ADMIN: DemoRole = {
  label: 'super-admin',
  workshop: null,
  user: 'admin@ateliermarkt.nl',
  fullName: 'Sanne de Vries',
  kind: 'superAdmin',
};
export const WORKSHOP_ADMIN: DemoRole = {
  label: 'workshop-admin',
  workshop: 'De Draaischijf',
  user: 'beheer@dedraaischijf.nl',
  fullName: 'Marieke Jansen',
  kind: 'workshopAdmin',
};
export const PLAIN_USER: DemoRole = {
  label: 'user',
  workshop: 'De Draaischijf',
  user: 'medewerker@dedraaischijf.nl',
  fullName: 'Tom Bakker',
  kind: 'user',
};

/** Chooses a workshop in the searchable picker by typing, as a person would. */
export async function chooseWorkshop(page: Page, workshop: string | null) {
  const picker = page.getByRole('combobox', { name: 'Atelier' });
  await picker.click();
  await picker.fill(workshop ? workshop.slice(0, 5) : 'Geen');
  await page.getByRole('option', { name: workshop ?? 'Geen atelier' }).click();
  await expect.poll(() => picker.inputValue()).toBe(workshop ?? 'Geen atelier');
}

/** Logs in through the log-in screen, pressing Enter in the password field. */
export async function logIn(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  await chooseWorkshop(page, role.workshop);
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(role.user);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Wachtwoord', { exact: true }).press('Enter');
}

export async function expectShellFor(page: Page, role: DemoRole) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(role.fullName) })
    .waitFor();
}
