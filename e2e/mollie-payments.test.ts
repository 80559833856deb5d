/**
 * Payments at Mollie in the browser: the server started with PAYMENT_PROVIDER=mollie against the stand-in of Mollie's API
 * (every request it sends validated against Mollie's OpenAPI document). A reservation is approved → Mollie's link →
 * webhook → paid → shipped while the workshop is not connected (waiting) → the super admin connects the workshop on
 * its form (routed) → refunds a line in the reservation dialog; 'Afrekeningen' shows routed and waiting. The screens
 * at laptop, tablet and phone size, without sideways scrolling, axe clean, with screenshots.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MollieStandin, startMollieStandin } from '../apps/api/src/test/mollie-standin/mollie-standin.ts';
import { type ServerProcess, serverProcess } from '../apps/api/src/test/server-process.ts';
import {
  CONTEXT,
  closeContexts,
  compiledServerArgs,
  DEMO_PASSWORD,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { SUPER_ADMIN, sessionEntries, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, trackRequests } from './support/settled.ts';

let standin: MollieStandin;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  standin = await startMollieStandin();
  server = await serverProcess(
    'mollie',
    {
      ...standin.env,
      RATE_LIMIT_PER_MINUTE: '10000',
      // The stand-in's certificate is its own (test/mollie-standin/README.md).
      NODE_TLS_REJECT_UNAUTHORIZED: '0',
    },
    { nodeArgs: compiledServerArgs() },
  );
  await server.start();
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await closeContexts(browser);
  await server?.dispose();
  await standin?.close();
});

async function apiAs(email: string, workshop: string | null) {
  const workshops = (await (await fetch(`${server.baseUrl}/api/workspaces/available`)).json()) as {
    id: string;
    name: string;
  }[];
  const workshopId = workshops.find((t) => t.name === workshop)?.id;
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(workshopId ? { __tenant: workshopId } : {}) },
    body: JSON.stringify({ userNameOrEmailAddress: email, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { auth_token: string }).auth_token;
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function pageAt(viewport: Viewport, path: string): Promise<Page> {
  // Logged in before the app's first load: the super admin's session in the new context's local storage.
  const context = await browser.newContext({
    viewport,
    ...CONTEXT,
    storageState: {
      cookies: [],
      origins: [{ origin: server.baseUrl, localStorage: await sessionEntries(server.baseUrl, SUPER_ADMIN) }],
    },
  });
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(`${server.baseUrl}${path}`);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).waitFor();
  return page;
}

/**
 * The screen at each of `viewports` from one page (the window resized, `resize` in support/browser.ts): `ready` waits
 * for what the screen must show and answers the part to look at in the screenshot.
 */
async function checkAt(viewports: Viewport[], path: string, ready: (page: Page) => Promise<Locator>, name: string) {
  const [first = LAPTOP] = viewports;
  const page = await pageAt(first, path);
  const part = await ready(page);
  for (const viewport of viewports) {
    await resize(page, viewport);
    await expectFitsViewport(page, `${name} ${viewport.width}`);
    await expectAccessible(page, `${name} ${viewport.width}`);
    await part.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.context().close();
}

describe('Mollie Connect on the screens', () => {
  it('approve → link → paid → shipped (waiting) → connected (routed) → refunded, on every screen size', async () => {
    const admin = await apiAs(WORKSHOP_ADMIN.user, WORKSHOP_ADMIN.workshop);
    const superAdmin = await apiAs(SUPER_ADMIN.user, null);
    // A product of the shop that is shipped (not only picked up), not unique: no other reservation is paused by it.
    const list = (await (
      await fetch(`${server.baseUrl}/api/shop/products?workspace=de-draaischijf&pageSize=50`)
    ).json()) as { items: { id: string; isUniqueEdition: boolean; isSold: boolean }[] };
    let choice: { productId: string; methodId: number } | null = null;
    for (const p of list.items.filter((x) => !x.isUniqueEdition && !x.isSold)) {
      const detail = (await (await fetch(`${server.baseUrl}/api/shop/products/${p.id}`)).json()) as {
        deliveryMethods: { id: number }[];
      };
      const shipping = detail.deliveryMethods.find((m) => m.id >= 2);
      if (shipping) {
        choice = { productId: p.id, methodId: shipping.id };
        break;
      }
    }
    expect(choice).not.toBeNull();
    const placed = await fetch(`${server.baseUrl}/api/shop/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Anna de Klant',
        street: 'Lindengracht',
        streetNumber: '12a',
        zipCode: '1015 KK',
        city: 'Amsterdam',
        email: 'anna@example.nl',
        deliveryMethodId: choice?.methodId,
        products: [{ productId: choice?.productId, quantity: 1 }],
      }),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    await admin('POST', `/api/reservations/${id}/confirm`);
    type Money = {
      payment: { providerPaymentId: string | null; status: string } | null;
      route: { status: string } | null;
      refunds: { status: string }[];
    };
    await until(
      async () =>
        Boolean((await superAdmin<Money>('GET', `/api/reservations/${id}/payment`)).payment?.providerPaymentId),
      'the Mollie payment',
    );
    const paymentId =
      (await superAdmin<Money>('GET', `/api/reservations/${id}/payment`)).payment?.providerPaymentId ?? '';

    // Awaiting payment: the dialog shows Mollie's payment and the customer's link.
    await checkAt(
      [LAPTOP],
      `/reservations/${id}`,
      async (page) => {
        const section = page.getByRole('region', { name: 'Betaling' });
        await section.getByText('Wacht op betaling bij Mollie').waitFor();
        await section.getByRole('link', { name: 'Betaallink van de klant' }).waitFor();
        return section;
      },
      'mollie-awaiting',
    );

    standin.setStatus(paymentId, 'paid');
    const hook = await fetch(`${server.baseUrl}/api/payments/mollie/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${paymentId}`,
    });
    expect(hook.status).toBe(200);
    await admin('POST', `/api/reservations/${id}/shipped`);
    await until(
      async () => (await superAdmin<Money>('GET', `/api/reservations/${id}/payment`)).route?.status === 'waiting',
      'the waiting route',
    );

    const workshops = await superAdmin<{ id: string; name: string }[]>('GET', '/api/workspaces/all');
    const workshopId = workshops.find((w) => w.name === WORKSHOP_ADMIN.workshop)?.id ?? '';
    standin.connect('org_draaischijf', 'completed');

    // The workshop form: not connected, one route waiting; the super admin connects it with the keyboard.
    const page = await pageAt(LAPTOP, `/workspace/${workshopId}/edit`);
    const mollie = page.getByRole('region', { name: 'Uitbetaling via Mollie' });
    await mollie.getByText('Niet gekoppeld').waitFor();
    await mollie.getByText(/1 doorstorting wacht/).waitFor();
    await expectAccessible(page, 'workshop form, not connected');
    await mollie.scrollIntoViewIfNeeded();
    await screenshot(page, 'mollie-workshop-not-connected-1366');
    const input = mollie.getByLabel('Mollie-organisatie-id');
    await input.fill('org_draaischijf');
    await input.press('Enter');
    await mollie.getByText('Gekoppeld: uitbetalingen gaan naar dit atelier').waitFor();
    await page.context().close();
    await until(
      async () => (await superAdmin<Money>('GET', `/api/reservations/${id}/payment`)).route?.status === 'routed',
      'the route',
    );
    await checkAt(
      [LAPTOP, TABLET, PHONE],
      `/workspace/${workshopId}/edit`,
      async (p) => {
        const region = p.getByRole('region', { name: 'Uitbetaling via Mollie' });
        await region.getByText('Er wacht niets op doorstorting.').waitFor();
        return region;
      },
      'mollie-workshop-connected',
    );

    // The reservation dialog: routed; the super admin refunds one line with a reason.
    const dialog = await pageAt(PHONE, `/reservations/${id}`);
    const section = dialog.getByRole('region', { name: 'Betaling' });
    await section.getByText('Doorgestort naar het atelier', { exact: false }).waitFor();
    await section.getByRole('checkbox').first().check();
    await section.getByLabel('Reden').fill('Beschadigd aangekomen');
    await section.getByRole('button', { name: 'Terugbetalen' }).click();
    await dialog
      .getByRole('dialog', { name: 'Gekozen regels terugbetalen' })
      .getByRole('button', { name: 'Terugbetalen' })
      .click();
    await until(
      async () => (await superAdmin<Money>('GET', `/api/reservations/${id}/payment`)).refunds[0]?.status === 'refunded',
      'the refund',
    );
    await dialog.context().close();
    await checkAt(
      [LAPTOP, TABLET, PHONE],
      `/reservations/${id}`,
      async (p) => {
        const s = p.getByRole('region', { name: 'Betaling' });
        await s.getByText('Terugbetaald via Mollie', { exact: false }).waitFor();
        await s.getByText('Beschadigd aangekomen', { exact: false }).waitFor();
        return s;
      },
      'mollie-reservation-refunded',
    );

    // 'Afrekeningen': the month's Mollie payments per workshop.
    await checkAt(
      [LAPTOP, PHONE],
      '/statements',
      async (p) => {
        const region = p.getByRole('region', { name: 'Doorgestort via Mollie' });
        // A table on a laptop, one card per workshop on a phone (components/data-table.tsx).
        await region
          .getByText(WORKSHOP_ADMIN.workshop ?? '', { exact: false })
          .first()
          .waitFor();
        return region;
      },
      'mollie-payouts',
    );
    expect(standin.violations).toEqual([]);
  }, 240_000);
});
