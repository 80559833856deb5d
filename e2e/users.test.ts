import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, openPage, screenshot, TABLET } from './support/browser.ts';
import { logIn, openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { rowAction, rowActionLabels } from './support/row-actions.ts';
import { settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Changes a user behind the screen's back, as a colleague in another browser would. */
async function changeElsewhere(page: Page, userName: string, surname: string) {
  return page.evaluate(
    async ({ userName, surname }) => {
      const token = localStorage.getItem('ateliermarkt.token');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const list = await (await fetch('/api/identity/users', { headers })).json();
      const u = list.items.find((x: { userName: string }) => x.userName === userName);
      const res = await fetch(`/api/identity/users/${u.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ ...u, surname, roleNames: [u.role], password: '' }),
      });
      return res.status;
    },
    { userName, surname },
  );
}

describe('users of the own workshop', () => {
  it('adds, edits (with a stale-stamp warning) and deletes a user', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    await page.getByRole('heading', { name: 'Gebruikers' }).waitFor();
    await row(page, 'medewerker@dedraaischijf.nl').waitFor();
    // No delete on oneself.
    expect(await rowActionLabels(page, 'gebruiker beheer@dedraaischijf.nl')).toEqual([
      'Wijzigen',
      'Verwijderen Je kunt jezelf niet verwijderen',
    ]);
    await expectAccessible(page, 'workshop admin home');
    await screenshot(page, 'users-home-laptop');

    await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gebruiker toevoegen' });
    await dialog.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    for (const text of [
      'De gebruikersnaam mag niet leeg zijn',
      'De voornaam mag niet leeg zijn',
      'De achternaam mag niet leeg zijn',
      'Het e-mailadres mag niet leeg zijn',
      'Het wachtwoord mag niet leeg zijn',
      'Wachtwoord bevestiging mag niet leeg zijn',
    ])
      await dialog.getByText(text).waitFor();
    await settled(page);
    await expectAccessible(page, 'add user dialog');
    await screenshot(page, 'users-add-errors');

    await dialog.getByLabel('Gebruikersnaam').fill('medewerker@dedraaischijf.nl');
    await dialog.getByLabel('Voornaam').fill('Kees');
    await dialog.getByLabel('Achternaam').fill('de Klei');
    await dialog.getByLabel('E-mailadres').fill('kees@dedraaischijf.nl');
    await dialog.getByLabel(/^Wachtwoord\s*\*?$/).fill('kort');
    await dialog.getByLabel('Wachtwoord bevestigen').fill('anders12');
    await dialog.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    await dialog.getByText('Het wachtwoord moet tussen de 8 en 50 karakters lang zijn').waitFor();
    await dialog.getByText('De wachtwoorden komen niet overeen').waitFor();
    await dialog.getByLabel(/^Wachtwoord\s*\*?$/).fill('Klei2026!draai');
    await dialog.getByLabel('Wachtwoord bevestigen').fill('Klei2026!draai');
    await dialog.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    await dialog.getByText('Deze gebruikersnaam is al in gebruik').waitFor();
    await dialog.getByLabel('Gebruikersnaam').fill('kees');
    await dialog.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    await page.getByText('De gebruiker is opgeslagen').waitFor();
    await row(page, 'kees@dedraaischijf.nl').waitFor();

    // Edit: heading with the full name; the user name is fixed.
    await rowAction(page, 'gebruiker kees', 'Wijzigen');
    await page.getByRole('heading', { name: 'Kees de Klei wijzigen' }).waitFor();
    await expect.poll(() => page.getByLabel('Gebruikersnaam').getAttribute('readonly')).not.toBeNull();
    await expectAccessible(page, 'user edit');
    await screenshot(page, 'users-edit');
    expect(await changeElsewhere(page, 'kees', 'Kleijn')).toBe(200);
    await page.getByLabel('Telefoonnummer').fill('06 1234 5678');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Deze gebruiker is intussen door iemand anders gewijzigd.', { exact: false }).waitFor();
    await screenshot(page, 'users-edit-stale');
    await page.getByRole('button', { name: 'Gegevens opnieuw laden' }).click();
    await page.getByRole('heading', { name: 'Kees Kleijn wijzigen' }).waitFor();
    await page.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Beheerder' }).click();
    // The closing option list must not swallow the click on Opslaan; and an earlier notice with the same text may
    // still be showing, so the way back to Home is what proves this save.
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    // The save itself, so a failure names what the server answered (or that no request was made).
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/identity/users/'),
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Opslaan' }).click();
    const answer = await saved.catch(() => null);
    expect(answer ? `${answer.status()} ${await answer.text()}`.slice(0, 300) : 'no PUT after Opslaan').toMatch(
      /^200 /,
    );
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('De gebruiker is opgeslagen').first().waitFor();
    await page.getByRole('heading', { name: 'Gebruikers' }).waitFor();
    await expect.poll(() => row(page, 'kees@dedraaischijf.nl').textContent()).toContain('Beheerder');

    // Delete, after a confirmation that can be cancelled.
    await rowAction(page, 'gebruiker kees', 'Verwijderen');
    const confirm = page.getByRole('dialog', { name: 'Gebruiker verwijderen' });
    await confirm.getByText('Weet je zeker dat je Kees Kleijn wilt verwijderen?', { exact: false }).waitFor();
    await settled(page);
    await expectAccessible(page, 'delete user confirmation');
    await screenshot(page, 'users-delete-confirm');
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('De gebruiker is verwijderd.').waitFor();
    await expect.poll(() => row(page, 'kees@dedraaischijf.nl').count()).toBe(0);
    // The refused duplicate (400) and the stale save (409) are logged by the browser; nothing else may be.
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    await context.close();
  });

  it('looks finished on a tablet, and the own row edits the own account without a role change', async () => {
    const { page, context } = await openPage(browser, TABLET);
    await logIn(page, WORKSHOP_ADMIN);
    await row(page, 'medewerker@dedraaischijf.nl').waitFor();
    await screenshot(page, 'users-home-tablet');
    await rowAction(page, 'gebruiker beheer@dedraaischijf.nl', 'Wijzigen');
    await page.getByRole('heading', { name: 'Marieke Jansen wijzigen' }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Rol' }).isDisabled()).toBe(true);
    await screenshot(page, 'users-edit-self-tablet');
    await context.close();
  });
});
