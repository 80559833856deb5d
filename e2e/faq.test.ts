import { FAQ_IDS, type Faq, type Page, type Resource, XSS_CORPUS } from '@ateliermarkt/contract';
import type { Browser, Page as BrowserPage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot, TABLET } from './support/browser.ts';
import { superAdminApi } from './support/content-api.ts';
import { type DemoRole, openSignedIn, PLAIN_USER, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function as(role: DemoRole, viewport = LAPTOP) {
  const opened = await openSignedIn(browser, role, viewport);
  return opened;
}

const nav = (page: BrowserPage, label: string) =>
  page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();

describe('FAQ admin', () => {
  it('edits the back-office FAQ: adds and removes pairs, one save for the list', async () => {
    const { page, context, errors } = await as(SUPER_ADMIN);
    await nav(page, 'FAQ beheer');
    await page.getByRole('heading', { name: 'Veelgestelde vragen back-office' }).waitFor();
    await page.getByRole('region', { name: 'Vraag 1' }).waitFor();
    await expectAccessible(page, 'faq admin');
    await screenshot(page, 'faq-admin-1366');
    const before = await page.getByRole('region', { name: /^Vraag \d+$/ }).count();

    await page.getByRole('button', { name: 'Vraag toevoegen' }).click();
    const added = page.getByRole('region', { name: `Vraag ${before + 1}` });
    expect(await added.getByRole('button', { name: 'Opslaan' }).count()).toBe(0); // one save for the whole list
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await added.getByText('De vraag mag niet leeg zijn').waitFor();
    await added.getByText('Het antwoord mag niet leeg zijn').waitFor();
    await added.getByRole('textbox', { name: `Vraag ${before + 1}` }).fill('Waar vind ik de handleiding?');
    await added.getByRole('textbox', { name: `Antwoord ${before + 1}` }).click();
    await page.keyboard.type('In het ');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type('helpcentrum');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type('.');
    await page.getByRole('button', { name: 'Vraag 1 verwijderen' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De lijst met vragen is geüpdated').waitFor();
    await screenshot(page, 'faq-admin-saved-1366');

    await page.reload();
    await page.getByRole('region', { name: 'Vraag 1' }).waitFor();
    expect(await page.getByRole('region', { name: /^Vraag \d+$/ }).count()).toBe(before);
    const last = page.getByRole('region', { name: `Vraag ${before}` });
    expect(await last.getByRole('textbox', { name: `Vraag ${before}` }).inputValue()).toBe(
      'Waar vind ik de handleiding?',
    );
    expect(await last.getByRole('textbox', { name: `Antwoord ${before}` }).innerHTML()).toBe(
      '<p>In het <em>helpcentrum</em>.</p>',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('edits the shop FAQ', async () => {
    const { page, context } = await as(SUPER_ADMIN);
    await nav(page, 'FAQ webshop');
    await page.getByRole('heading', { name: 'Veelgestelde vragen webshop' }).waitFor();
    await page.getByRole('region', { name: 'Vraag 1' }).waitFor();
    await page.getByRole('textbox', { name: 'Vraag 1' }).fill('Hoe reserveer ik een uniek product?');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De lijst met vragen is geüpdated').waitFor();
    const shop = await (await fetch(`${new URL(page.url()).origin}/api/shop/faq`)).json();
    expect(shop.questions[0].question).toBe('Hoe reserveer ik een uniek product?');
    await context.close();
  });

  it('fits a tablet: no sideways scrolling, no serious axe violation', async () => {
    const { page, context } = await as(SUPER_ADMIN, TABLET);
    await page.goto(`${new URL(page.url()).origin}/admin-faq/${FAQ_IDS.shop}`);
    await page.getByRole('region', { name: 'Vraag 1' }).waitFor();
    await expectFitsViewport(page, 'FAQ admin on a tablet');
    await expectAccessible(page, 'FAQ admin on a tablet');
    await screenshot(page, 'faq-admin-820');
    await context.close();
  });
});

describe('public FAQ', () => {
  for (const role of [WORKSHOP_ADMIN, PLAIN_USER]) {
    it(`${role.label} reads the accordion`, async () => {
      const { page, context, errors } = await as(role);
      await nav(page, 'Vraag & antwoord');
      await page.getByRole('heading', { name: 'Vraag & antwoord', level: 1 }).waitFor();
      const question = page.getByRole('button', { name: 'Hoe verander ik mijn wachtwoord?' });
      await question.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Open het gebruikersmenu rechtsboven').waitFor();
      expect(await page.getByRole('textbox').count()).toBe(0);
      await settled(page);
      await expectAccessible(page, `faq ${role.label}`);
      await screenshot(page, `faq-${role.label}-1366`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('fits a tablet: no sideways scrolling, no serious axe violation', async () => {
    const { page, context } = await as(PLAIN_USER, TABLET);
    await page.goto(`${new URL(page.url()).origin}/faq`);
    await page.getByRole('button', { name: 'Hoe verander ik mijn wachtwoord?' }).waitFor();
    await expectFitsViewport(page, 'FAQ on a tablet');
    await expectAccessible(page, 'FAQ on a tablet');
    await screenshot(page, 'faq-user-820');
    await context.close();
  });
});

describe('an XSS corpus in every rich-text field does not run in the back-office', () => {
  it('renders the texts, a page, a subcategory and both FAQs without running anything', async () => {
    const api = await superAdminApi();
    const attack = `<p>veilig</p>${XSS_CORPUS.join('')}`;
    const [resource] = await api<Resource[]>('GET', 'resources');
    if (!resource) throw new Error('no resources');
    await api('PUT', `resources/${resource.id}/set-value`, { value: attack });
    const page = await api<Page>('POST', 'pages', {
      title: 'XSS-test',
      body: attack,
      position: 99,
      isFooterPage: true,
    });
    const sub = await api<{ id: string }>('POST', 'subcategories', { title: 'XSS-test', order: 99, body: attack });
    const faq = await api<Faq>('GET', `faq/${FAQ_IDS.backOffice}`);
    await api('POST', `faq/questions?id=${FAQ_IDS.backOffice}`, [
      ...faq.questions,
      { question: 'XSS-test?', answer: attack },
    ]);

    const admin = await as(SUPER_ADMIN);
    const origin = new URL(admin.page.url()).origin;
    const ran = () => admin.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);
    for (const path of [
      '/resources',
      `/resources/${resource.id}`,
      `/pages/${page.id}`,
      `/subcategories/edit/${sub.id}`,
      `/admin-faq/${FAQ_IDS.backOffice}`,
    ]) {
      await admin.page.goto(`${origin}${path}`);
      await admin.page.getByText('veilig').first().waitFor();
      await settled(admin.page);
      expect(await ran(), path).toBeNull();
    }
    await admin.context.close();

    const user = await as(PLAIN_USER);
    await user.page.goto(`${new URL(user.page.url()).origin}/faq`);
    await user.page.getByRole('button', { name: 'XSS-test?' }).click();
    await user.page.getByText('veilig').first().waitFor();
    expect(await user.page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null)).toBeNull();
    expect(user.errors.filter((e) => !e.includes('Content Security Policy'))).toEqual([]);
    await user.context.close();
    // Leave the shared demo data as it was for the other browser tests.
    await api('DELETE', `pages/${page.id}`);
    await api('DELETE', `subcategories/${sub.id}`);
    await api('POST', `faq/questions?id=${FAQ_IDS.backOffice}`, faq.questions);
    await api('PUT', `resources/${resource.id}/set-value`, { value: resource.value });
  });
});
