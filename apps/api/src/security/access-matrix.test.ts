import { PLATFORM_SETTING_DEFAULTS } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { generate as totp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, jobs, reservations, workspaces } from '../db/schema/index.ts';
import { createNotMeLink } from '../modules/auth/index.ts';
import { signChallenge } from '../modules/auth/second-step.ts';
import { customerToken } from '../modules/reservations/customer/customer-link.ts';
import { makeProduct, pickupTokenFor, sign } from '../modules/reservations/reservation-fixtures.ts';
import { writeSettings } from '../modules/settings/index.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { withPlatformLegal } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  BACK_OFFICE_FAQ,
  expectOk,
  LOGINS,
  mainCategory,
  paymentTokenFor,
  productBody,
  ROLES,
  type Role,
  reservationIn,
  resetBody,
  type Tokens,
  tokensFor,
  unique,
  upload,
  userIdOf,
  WORKSHOP_A,
  WORKSHOP_B,
  workshopRow,
} from './security-fixtures.ts';

/**
 * The access matrix: every route of the OpenAPI document, called as each kind of caller with the ids of
 * tenant A's records in its path, against the answer written down below (by the roles'
 * rights: another tenant's record is 404, a forbidden action 403, anonymous 401, the shop and the log-in are public).
 * A route that is not in the table fails the test, and so does a row whose route no longer exists.
 */

/** 409: allowed, and refused for what the server is (the onboarding link without Mollie configured). */
type Expect = 'ok' | 401 | 403 | 404 | 409;
/** In the order of ROLES: anonymous, plain user of A, workshop admin of A, workshop admin of B, super admin. */
type Expect5 = readonly [Expect, Expect, Expect, Expect, Expect];
type Req = {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  multipart?: boolean;
  /** Instead of the role's shared token: for a call that ends the caller's session (log-out). */
  token?: string;
};
type Row = {
  expect: Expect5;
  /** Public routes may show tenant A's published data to anyone. */
  public?: boolean;
  label?: string;
  /** Builds the request of one cell; a destructive row makes a fresh record per cell here. */
  prepare?: (role: Role) => Promise<Req> | Req;
  /** An event stream that stays open: its status and first chunk are read, then the cell lets go of it. */
  stream?: boolean;
  /**
   * The answer names the ids the caller sent, found or not (a bulk call's per-id result): an id the caller wrote
   * itself is no leak; any other foreign data still is.
   */
  echoesIds?: boolean;
};

const OPEN: Expect5 = ['ok', 'ok', 'ok', 'ok', 'ok'];
const LOGGED_IN: Expect5 = [401, 'ok', 'ok', 'ok', 'ok'];
const SUPER: Expect5 = [401, 403, 403, 403, 'ok'];
/** Lists of the caller's own tenant (all tenants for the super admin). */
const ADMINS: Expect5 = [401, 403, 'ok', 'ok', 'ok'];
/** One record of tenant A, which the super admin may also see or act on. */
const ADMINS_ON_A: Expect5 = [401, 403, 'ok', 404, 'ok'];
/** The workshop admin's own tenant only; the super admin has no tenant here. */
const WORKSHOP_ADMIN: Expect5 = [401, 403, 'ok', 'ok', 403];
const WORKSHOP_ADMIN_ON_A: Expect5 = [401, 403, 'ok', 404, 403];
/** Scan to hand over: tenant A's own admins and users at the counter; no super admin (a workshop's counter). */
const COUNTER_ON_A: Expect5 = [401, 'ok', 'ok', 404, 403];
/** Products: made by users and workshop admins of a tenant, never by the super admin. */
const MAKERS: Expect5 = [401, 'ok', 'ok', 'ok', 403];

/** Statements are asked for a month (`YYYY-MM`); this one holds the reservations made here. */
// Any month will do: the matrix checks who may ask, not the figures (no wall clock: docs/testing.md).
const THIS_MONTH = '2026-10';

let t: TestApp;
let tok: Tokens;
const f = {} as {
  workshopA: string;
  workshopB: string;
  workshopProfileA: string;
  workshopProfileB: string;
  categoryId: string;
  productA: string;
  productOfUserA: string;
  productB: string;
  publishedProductA: string;
  reservationA: string;
  reservationA2: { id: string; deliveryMethodId: number };
  paidShippingA: string;
  paidPickupA: string;
  awaitingPaymentA: string;
  reservationB: string;
  userAId: string;
  adminAId: string;
  adminBId: string;
  resourceId: string;
  pageSlug: string;
  subcategoryId: string;
  pageId: string;
  markersA: string[];
  markersB: string[];
};

const login = (r: keyof typeof LOGINS) => t.login(LOGINS[r].user, LOGINS[r].workshop);
/** A new plain user of workshop A, logged in (for calls that change or end the caller's own log-in). */
const FRESH_PASSWORD = 'Geheim123!';
const freshLogin = async () => {
  const user = await fresh.user();
  return { id: user.id, token: await t.tokenFor(user.email, WORKSHOP_A, FRESH_PASSWORD) };
};
const asSuper = <T = unknown>(method: string, url: string, body?: unknown) =>
  t.call<T>(method, url, { token: tok.super, body });
const fresh = {
  product: async () => (await makeProduct(t, WORKSHOP_A)).id,
  productOfUserA: async () =>
    expectOk(
      await t.call<{ id: string }>('POST', '/api/products', {
        token: tok.userA,
        body: productBody(f.categoryId, unique('Eigen vaas ')),
      }),
      'product of user A',
    ).body.id,
  user: async () =>
    expectOk(
      await t.call<{ id: string; concurrencyStamp: string; email: string }>('POST', '/api/identity/users', {
        token: tok.adminA,
        body: userBody(unique('gebruiker')),
      }),
      'user',
    ).body,
  subcategory: async () =>
    expectOk(await asSuper<{ id: string }>('POST', '/api/subcategories', subcategoryBody()), 'subcategory').body.id,
  page: async () => expectOk(await asSuper<{ id: string }>('POST', '/api/pages', pageBody()), 'page').body.id,
  workspace: async () =>
    expectOk(await asSuper<{ id: string }>('POST', '/api/workspaces', workshopBody()), 'workspace').body.id,
  image: async (token = tok.adminA) => expectOk(await upload(t, token), 'image').body.id,
  reservation: (stage: Parameters<typeof reservationIn>[2], pickup = false) =>
    reservationIn(t, tok.adminA as string, stage, { pickup }),
  /** A mail the runner gave up on, straight in the jobs table (the outbox's own test makes one the real way). */
  failedMail: async () => {
    const [row] = await t.ctx.db
      .insert(jobs)
      .values({
        kind: 'mail',
        status: 'failed',
        payload: { to: 'anna@example.nl', subject: unique('Niet verstuurd '), text: 'Tekst' },
        attempts: 12,
        lastError: 'connect ECONNREFUSED',
        giveUpAt: new Date(),
        finishedAt: new Date(),
      })
      .returning({ id: jobs.id });
    if (!row) throw new Error('no failed mail');
    return row.id;
  },
};

const userBody = (userName: string) => ({
  userName,
  name: 'Sanne',
  surname: 'de Vries',
  email: `${userName}@dedraaischijf.nl`,
  phoneNumber: null,
  roleNames: ['user'],
  password: 'Geheim123!',
});
const subcategoryBody = () => ({ title: unique('Vazen '), order: 5, body: '<p>Alles over vazen.</p>' });
const pageBody = () => ({ title: unique('Over ons '), body: '<p>Wie wij zijn.</p>', position: 99, isFooterPage: true });
const workshopBody = () => ({
  name: unique('Atelier '),
  adminEmailAddress: `${unique('beheer')}@example.nl`,
  creditorNumber: null,
  debtorNumber: null,
});
const signedPaid = (reservationId: string): Req => {
  const raw = JSON.stringify({ reservationId, status: 'paid' });
  return {
    raw,
    headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, raw) },
  };
};
const id = (value: string): Req => ({ params: { id: value } });
/** A payout file to make: a month that is over with a paid reservation of tenant A, its IBAN and the platform's. */
const payoutMonth = async (): Promise<Req> => {
  await t.ctx.db.transaction((tx) =>
    writeSettings(tx, { platformName: 'Ateliermarkt B.V.', platformIban: 'NL91ABNA0417164300' }, null),
  );
  await t.ctx.db.update(workspaces).set({ iban: 'NL02ABNA0123456789' }).where(eq(workspaces.tenantId, f.workshopA));
  const { id: paid } = await fresh.reservation('paid');
  await t.ctx.db
    .update(reservations)
    .set({ paidAt: new Date('2021-06-15T12:00:00Z') })
    .where(eq(reservations.id, paid));
  // again=true: the access is what is tested here, not the refusal of a second file (payouts.routes.test.ts).
  return { query: 'month=2021-06&again=true' };
};

/** Invoices need the platform's legal data; a month long over issues what it lacks (maybe nothing). */
const invoiceMonth = async (): Promise<Req> => {
  await withPlatformLegal(t);
  return { query: 'month=2020-01' };
};
/** An invoice of tenant A, straight in the database (issuing is tested in invoices.routes.test.ts). */
let invoiceOfA: string | undefined;
const invoiceA = async (format: 'pdf' | 'ubl'): Promise<Req> => {
  if (!invoiceOfA) {
    const party = { name: 'A', address: [], kvkNumber: null, vatId: null };
    const [row] = await t.ctx.db
      .insert(invoices)
      .values({
        number: 'AM-1999-000001',
        year: 1999,
        sequence: 1,
        kind: 'invoice',
        tenantId: f.workshopA,
        month: '1999-01',
        issueDate: '1999-02-01',
        supplyFrom: '1999-01-01',
        supplyTo: '1999-01-31',
        supplier: party,
        customer: party,
        netCents: 0,
        vatCents: 0,
        grossCents: 0,
        pdf: Buffer.from('%PDF-1.3'),
      })
      .returning({ id: invoices.id });
    invoiceOfA = row?.id;
  }
  return { query: `id=${invoiceOfA}&format=${format}` };
};

/** The month of tenant A's invoice above (its zip holds that invoice for the super admin and A's admin). */
const invoiceMonthOfA = async () => {
  await invoiceA('pdf');
  return '1999-01';
};

/** The expected answer of every route, written out per route. Keys are `METHOD path` as in the OpenAPI document. */
const SHEET_BOUNDARY = 'matrix-sheet';

const MATRIX: Record<string, Row | Row[]> = {
  // System and log-in: public
  'GET /api/health': { expect: OPEN, public: true },
  'GET /api/settings': { expect: OPEN, public: true },
  'GET /api/workspaces/available': { expect: OPEN, public: true },
  'GET /api/identity/roles/all': { expect: ADMINS },
  'POST /api/auth/login': {
    expect: OPEN,
    public: true,
    prepare: async () => ({
      body: { userNameOrEmailAddress: LOGINS.userA.user, password: DEMO_PASSWORD },
      headers: { __tenant: f.workshopA },
    }),
  },
  'POST /api/auth/refresh': {
    expect: OPEN,
    public: true,
    prepare: async () => ({ body: { refreshToken: expectOk(await login('userA'), 'login').body.refresh_token } }),
  },
  'POST /api/auth/logout': {
    expect: OPEN,
    public: true,
    // Log-out ends the session of the caller's access token too (docs/decisions/0017): each cell uses a log-in of its own.
    prepare: async (role) => ({
      body: { refreshToken: expectOk(await login('userA'), 'login').body.refresh_token },
      ...(role === 'anon' ? {} : { token: expectOk(await login(role), 'login').body.auth_token }),
    }),
  },
  'GET /api/identity/my-profile': { expect: LOGGED_IN },
  'PUT /api/identity/my-profile': {
    expect: LOGGED_IN,
    prepare: async (role) => {
      const me = await t.call<{ name: string; surname: string; email: string; phoneNumber: string | null }>(
        'GET',
        '/api/identity/my-profile',
        { token: tok[role] },
      );
      const p =
        role === 'anon' ? { name: 'Anna', surname: 'Anoniem', email: 'a@example.nl', phoneNumber: null } : me.body;
      return { body: { name: p.name, surname: p.surname, email: p.email, phoneNumber: p.phoneNumber } };
    },
  },
  'POST /api/identity/my-profile/change-password': {
    expect: LOGGED_IN,
    prepare: () => ({ body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD } }),
  },
  // The second log-in step, two-factor set-up, 'Mijn sessies', 'dit was ik niet'
  'POST /api/auth/login/two-factor': {
    expect: OPEN,
    public: true,
    prepare: async () => {
      const { id, token } = await freshLogin();
      const setup = await t.call<{ secret: string }>('POST', '/api/identity/my-profile/two-factor/setup', {
        token,
        body: { currentPassword: FRESH_PASSWORD },
      });
      const secret = expectOk(setup, '2fa setup').body.secret;
      expectOk(
        await t.call('POST', '/api/identity/my-profile/two-factor/enable', {
          token,
          body: { code: await totp({ secret, epoch: Math.floor(Date.now() / 1000) }) },
        }),
        '2fa enable',
      );
      return {
        body: {
          challenge: await signChallenge(t.ctx, id, 'code'),
          code: await totp({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
        },
      };
    },
  },
  'POST /api/auth/two-factor/setup': {
    expect: OPEN,
    public: true,
    prepare: async () => ({ body: { challenge: await signChallenge(t.ctx, (await fresh.user()).id, 'setup') } }),
  },
  'POST /api/auth/two-factor/enable': {
    expect: OPEN,
    public: true,
    prepare: async () => {
      const challenge = await signChallenge(t.ctx, (await fresh.user()).id, 'setup');
      const setup = await t.call<{ secret: string }>('POST', '/api/auth/two-factor/setup', { body: { challenge } });
      const secret = expectOk(setup, 'setup').body.secret;
      return { body: { challenge, code: await totp({ secret, epoch: Math.floor(Date.now() / 1000) }) } };
    },
  },
  'POST /api/identity/my-profile/two-factor/setup': {
    expect: LOGGED_IN,
    prepare: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
  },
  'POST /api/identity/my-profile/two-factor/enable': {
    expect: LOGGED_IN,
    // Switching it on changes the caller's log-in: a fresh user per cell, not the role's shared one.
    prepare: async (role) => {
      if (role === 'anon') return { body: { code: '123456' } };
      const { token } = await freshLogin();
      const setup = await t.call<{ secret: string }>('POST', '/api/identity/my-profile/two-factor/setup', {
        token,
        body: { currentPassword: FRESH_PASSWORD },
      });
      const secret = expectOk(setup, '2fa setup').body.secret;
      return { token, body: { code: await totp({ secret, epoch: Math.floor(Date.now() / 1000) }) } };
    },
  },
  'POST /api/identity/my-profile/two-factor/disable': {
    expect: LOGGED_IN,
    prepare: () => ({ body: { currentPassword: DEMO_PASSWORD } }),
  },
  'GET /api/identity/my-profile/sessions': { expect: LOGGED_IN },
  'DELETE /api/identity/my-profile/sessions/{id}': {
    expect: LOGGED_IN,
    // Ends a session of the caller's own: a log-in of its own per cell.
    prepare: async (role) => {
      if (role === 'anon') return { params: { id: '00000000-0000-4000-8000-000000000000' } };
      const token = expectOk(await login(role), 'login').body.auth_token;
      const list = await t.call<{ id: string; current: boolean }[]>('GET', '/api/identity/my-profile/sessions', {
        token,
      });
      const current = expectOk(list, 'sessions').body.find((x) => x.current);
      return { token, params: { id: current?.id ?? '' } };
    },
  },
  'POST /api/identity/my-profile/sessions/end-all': {
    expect: LOGGED_IN,
    // Ends every session of the caller: a fresh user per cell, so the roles' shared tokens live on.
    prepare: async (role) => (role === 'anon' ? {} : { token: (await freshLogin()).token }),
  },
  'POST /api/account/not-me': {
    expect: OPEN,
    public: true,
    prepare: async () => {
      const link = await createNotMeLink(t.ctx, t.ctx.db, (await fresh.user()).id);
      return { body: { code: new URL(link).searchParams.get('code') } };
    },
  },
  'POST /api/account/reset-password-request': {
    expect: OPEN,
    public: true,
    prepare: () => ({ body: { emailAddress: LOGINS.userA.user }, headers: { __tenant: f.workshopA } }),
  },
  'POST /api/account/reset-password': {
    expect: OPEN,
    public: true,
    // A completed reset ends every session of that user (docs/decisions/0017): a fresh user, not user A's shared token.
    prepare: async () => ({ body: await resetBody(t, (await fresh.user()).email, WORKSHOP_A, DEMO_PASSWORD) }),
  },

  // Content: the super admin's; every logged-in user reads the back-office FAQ
  'GET /api/resources': { expect: SUPER },
  'PUT /api/resources/{id}/set-value': {
    expect: SUPER,
    prepare: async () => {
      const all = await asSuper<{ id: string; value: string }[]>('GET', '/api/resources');
      const r = all.body.find((x) => x.id === f.resourceId);
      return { params: { id: f.resourceId }, body: { value: r?.value } };
    },
  },
  'GET /api/subcategories': { expect: SUPER },
  'POST /api/subcategories': { expect: SUPER, prepare: () => ({ body: subcategoryBody() }) },
  'GET /api/subcategories/{id}': { expect: SUPER, prepare: () => id(f.subcategoryId) },
  'PUT /api/subcategories/{id}': {
    expect: SUPER,
    prepare: () => ({ params: { id: f.subcategoryId }, body: subcategoryBody() }),
  },
  'DELETE /api/subcategories/{id}': { expect: SUPER, prepare: async () => id(await fresh.subcategory()) },
  'GET /api/faq/{id}': { expect: LOGGED_IN, prepare: () => id(BACK_OFFICE_FAQ) },
  'POST /api/faq/questions': {
    expect: SUPER,
    prepare: async () => {
      const faq = await asSuper<{ questions: { id: string; question: string; answer: string }[] }>(
        'GET',
        `/api/faq/${BACK_OFFICE_FAQ}`,
      );
      return { query: `id=${BACK_OFFICE_FAQ}`, body: faq.body.questions };
    },
  },
  'GET /api/pages/all': { expect: SUPER },
  'POST /api/pages': { expect: SUPER, prepare: () => ({ body: pageBody() }) },
  'PUT /api/pages/{id}': { expect: SUPER, prepare: () => ({ params: { id: f.pageId }, body: pageBody() }) },
  'DELETE /api/pages/{id}': { expect: SUPER, prepare: async () => id(await fresh.page()) },

  // The shop's public API
  'GET /api/shop/workspaces': { expect: OPEN, public: true },
  'GET /api/shop/workspaces/featured': { expect: OPEN, public: true },
  'GET /api/shop/workspaces/{slug}': {
    expect: OPEN,
    public: true,
    prepare: () => ({ params: { slug: 'de-draaischijf' } }),
  },
  'GET /api/shop/pages': { expect: OPEN, public: true },
  'GET /api/shop/pages/{slug}': { expect: OPEN, public: true, prepare: () => ({ params: { slug: f.pageSlug } }) },
  'GET /api/shop/faq': { expect: OPEN, public: true },
  'GET /api/shop/resources': { expect: OPEN, public: true },
  'GET /api/shop/subcategories': { expect: OPEN, public: true },
  'POST /api/shop/newsletter': {
    expect: OPEN,
    public: true,
    prepare: () => ({ body: { email: `${unique('lezer')}@example.nl`, name: 'Lezer' } }),
  },
  'GET /api/shop/products': { expect: OPEN, public: true, prepare: () => ({ query: 'page=1&pageSize=5' }) },
  'GET /api/shop/products/featured': { expect: OPEN, public: true },
  'GET /api/shop/products/{id}': { expect: OPEN, public: true, prepare: () => id(f.publishedProductA) },
  'GET /api/shop/categories': { expect: OPEN, public: true },
  'POST /api/shop/reservations': {
    expect: OPEN,
    public: true,
    prepare: async () => ({
      body: {
        name: 'Anna de Klant',
        street: 'Lindengracht',
        streetNumber: '12a',
        zipCode: '1015 KK',
        city: 'Amsterdam',
        email: 'anna@example.nl',
        deliveryMethodId: 3,
        products: [{ productId: await fresh.product() }],
      },
    }),
  },
  'POST /api/shop/reservations/{id}/return': {
    expect: OPEN,
    public: true,
    prepare: async () => id((await fresh.reservation('shipped')).id),
  },
  // The customer's own link: whoever holds the token, with or without a back-office session.
  'GET /api/shop/reservations/{token}': {
    expect: OPEN,
    public: true,
    prepare: async () => ({ params: { token: customerToken(t.ctx, (await fresh.reservation('new')).id) } }),
  },
  'POST /api/shop/reservations/{token}/withdraw': {
    expect: OPEN,
    public: true,
    prepare: async () => ({
      params: { token: customerToken(t.ctx, (await fresh.reservation('new')).id) },
      body: {},
    }),
  },
  'POST /api/payments/webhook': {
    expect: OPEN,
    public: true,
    prepare: async () => signedPaid((await fresh.reservation('awaitingPayment')).id),
  },
  // Mollie's webhook: public, 200 for any id; with the demo provider it asks nobody anything.
  'POST /api/payments/mollie/webhook': {
    expect: OPEN,
    public: true,
    prepare: () => ({ raw: 'id=tr_unknown', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },

  // Products (workshop admins all of their tenant's, plain users their own, the super admin features)
  'GET /api/products': { expect: LOGGED_IN, prepare: () => ({ query: 'maxResultCount=999' }) },
  'POST /api/products': {
    expect: MAKERS,
    prepare: () => ({ body: productBody(f.categoryId, unique('Nieuwe vaas ')) }),
  },
  'GET /api/products/delivery-methods': { expect: LOGGED_IN },
  'GET /api/products/featured': { expect: SUPER },
  'POST /api/products/featured': {
    expect: SUPER,
    prepare: async () => {
      const now = await asSuper<{ id: string }[]>('GET', '/api/products/featured');
      return { body: { featuredProducts: now.body.map((p) => p.id) } };
    },
  },
  'POST /api/products/search': { expect: SUPER, prepare: () => ({ body: { query: 'vaas' } }) },
  'GET /api/products/{id}': { expect: [401, 'ok', 'ok', 404, 'ok'], prepare: () => id(f.productA) },
  'PUT /api/products/{id}': [
    {
      label: 'product van de beheerder',
      expect: WORKSHOP_ADMIN_ON_A,
      prepare: () => ({ params: { id: f.productA }, body: productBody(f.categoryId, 'Vaas van A') }),
    },
    {
      label: 'eigen product van de medewerker',
      expect: [401, 'ok', 'ok', 404, 403],
      prepare: () => ({ params: { id: f.productOfUserA }, body: productBody(f.categoryId, 'Eigen vaas van A') }),
    },
  ],
  'DELETE /api/products/{id}': [
    { label: 'product van de beheerder', expect: WORKSHOP_ADMIN_ON_A, prepare: async () => id(await fresh.product()) },
    {
      label: 'eigen product van de medewerker',
      expect: [401, 'ok', 'ok', 404, 403],
      prepare: async () => id(await fresh.productOfUserA()),
    },
  ],
  'POST /api/products/{id}/duplicate': { expect: WORKSHOP_ADMIN_ON_A, prepare: () => id(f.productA) },
  'POST /api/products/{id}/publish-status': {
    expect: WORKSHOP_ADMIN_ON_A,
    prepare: () => ({ params: { id: f.productA }, body: { id: f.productA, isPublished: false } }),
  },
  // Bulk: the single actions' roles; another tenant's id is reported as not found (200), never touched.
  'POST /api/products/bulk': [
    {
      label: 'offline halen',
      expect: WORKSHOP_ADMIN,
      echoesIds: true,
      prepare: () => ({ body: { action: 'unpublish', ids: [f.productA] } }),
    },
    {
      label: 'eigen product van de medewerker verwijderen',
      expect: MAKERS,
      echoesIds: true,
      prepare: async () => ({ body: { action: 'delete', ids: [await fresh.productOfUserA()] } }),
    },
  ],
  // Spreadsheets: a workshop's own products out and in; the super admin has no catalogue of its own.
  'GET /api/files/products.xlsx': { expect: MAKERS },
  'GET /api/files/products.csv': { expect: MAKERS },
  'POST /api/products/import': {
    expect: MAKERS,
    prepare: () => ({
      query: 'dryRun=true',
      headers: { 'content-type': `multipart/form-data; boundary=${SHEET_BOUNDARY}` },
      raw: [
        `--${SHEET_BOUNDARY}`,
        'Content-Disposition: form-data; name="file"; filename="producten.csv"',
        'Content-Type: text/csv',
        '',
        'Naam;Prijs;Hoofdcategorieën;Verzendmethoden',
        'Matrixvaas;50;Wonen;Pakket',
        `--${SHEET_BOUNDARY}--`,
        '',
      ].join('\r\n'),
    }),
  },
  'GET /api/categories/all': { expect: LOGGED_IN },
  'GET /api/subcategories/all': { expect: LOGGED_IN },

  // Workshops (the super admin's; a workshop admin reads and edits the own one)
  'GET /api/workspaces/all': { expect: SUPER },
  'GET /api/workspaces/find-by-tenant/{tenantId}': {
    expect: ADMINS_ON_A,
    prepare: () => ({ params: { tenantId: f.workshopA } }),
  },
  'GET /api/workspaces/{id}': { expect: ADMINS_ON_A, prepare: () => id(f.workshopProfileA) },
  'PUT /api/workspaces/{id}': {
    expect: ADMINS_ON_A,
    prepare: async () => {
      const w = (await asSuper<Record<string, unknown>>('GET', `/api/workspaces/${f.workshopProfileA}`)).body;
      const keep = ['description', 'openingTimes', 'street', 'streetNumber', 'zipCode', 'city', 'province', 'email'];
      const body: Record<string, unknown> = Object.fromEntries(keep.map((k) => [k, w[k]]));
      return {
        params: { id: f.workshopProfileA },
        body: {
          ...body,
          phone: w.phone,
          label: w.label,
          mainImage: w.mainImage,
          teamImage: w.teamImage,
        },
      };
    },
  },
  // A fresh, never-traded workshop: tenant A itself may not be deleted (published, with reservations; 0006).
  'DELETE /api/workspaces/{id}': { expect: SUPER, prepare: async () => id(await fresh.workspace()) },
  'POST /api/workspaces': { expect: SUPER, prepare: () => ({ body: workshopBody() }) },
  'POST /api/workspaces/{id}/publish-status': {
    expect: SUPER,
    prepare: () => ({ params: { id: f.workshopProfileA }, body: { id: f.workshopProfileA, isPublished: true } }),
  },
  'POST /api/workspaces/featured': {
    expect: SUPER,
    prepare: async () => {
      const all = await asSuper<{ id: string; isFeatured: boolean }[]>('GET', '/api/workspaces/all');
      return { body: { featuredWorkspaces: all.body.filter((w) => w.isFeatured).map((w) => w.id) } };
    },
  },

  // Users of a tenant: the workshop admin's; the admin overview and exports: the super admin's
  'GET /api/identity/users': { expect: WORKSHOP_ADMIN },
  'POST /api/identity/users': { expect: WORKSHOP_ADMIN, prepare: () => ({ body: userBody(unique('nieuw')) }) },
  'GET /api/identity/users/{id}': { expect: WORKSHOP_ADMIN_ON_A, prepare: () => id(f.userAId) },
  'PUT /api/identity/users/{id}': {
    expect: WORKSHOP_ADMIN_ON_A,
    prepare: async () => {
      const u = await fresh.user();
      const { userName: _, password: __, ...rest } = userBody('x');
      return { params: { id: u.id }, body: { ...rest, email: u.email, concurrencyStamp: u.concurrencyStamp } };
    },
  },
  'DELETE /api/identity/users/{id}': { expect: WORKSHOP_ADMIN_ON_A, prepare: async () => id((await fresh.user()).id) },
  'GET /api/identity/admins/all': { expect: SUPER },
  'GET /api/export/admins': { expect: SUPER },
  'GET /api/export/newsletter-subscriptions': { expect: SUPER },
  // The Logboek: the super admin's and a workshop admin's (own workshop only)
  'GET /api/audit-log': { expect: ADMINS },
  'GET /api/audit-log/export': { expect: ADMINS },
  // The mail outbox: the platform's mails, the super admin's only
  'GET /api/system/outbox': { expect: SUPER, prepare: () => ({ query: 'status=failed' }) },
  'POST /api/system/outbox/{id}/resend': { expect: SUPER, prepare: async () => id(await fresh.failedMail()) },
  // The platform's settings: the super admin's 'Instellingen' only
  'GET /api/admin/settings': { expect: SUPER },
  'PUT /api/admin/settings': { expect: SUPER, prepare: () => ({ body: { ...PLATFORM_SETTING_DEFAULTS } }) },

  // Reservations (the workshop admin the own ones, the super admin all of them)
  'GET /api/reservations/all': { expect: ADMINS, prepare: () => ({ query: 'status=all' }) },
  'GET /api/reservations/open-count': { expect: ADMINS },
  'GET /api/reservations/counts': { expect: ADMINS, prepare: () => ({ query: 'search=AM' }) },
  'GET /api/dashboard': { expect: ADMINS },
  // Monthly statements: the workshop admin's own workshop, every workshop for the super admin.
  'GET /api/statements': { expect: ADMINS, prepare: () => ({ query: `month=${THIS_MONTH}` }) },
  // Payouts: the super admin's only. The file needs the platform's account and someone to pay.
  'GET /api/payouts': { expect: SUPER, prepare: () => ({ query: `month=${THIS_MONTH}` }) },
  'GET /api/files/payouts': { expect: SUPER, prepare: payoutMonth },
  'GET /api/payouts/routing': { expect: SUPER, prepare: () => ({ query: `month=${THIS_MONTH}` }) },
  // Fee invoices: the super admin issues; the workshop admin lists and downloads its own.
  'GET /api/invoices': { expect: ADMINS, prepare: () => ({ query: `month=${THIS_MONTH}` }) },
  'POST /api/invoices': { expect: SUPER, prepare: invoiceMonth },
  'GET /api/files/invoice': [
    { label: 'PDF', expect: ADMINS_ON_A, prepare: () => invoiceA('pdf') },
    { label: 'e-factuur (UBL)', expect: ADMINS_ON_A, prepare: () => invoiceA('ubl') },
  ],
  // The bookkeeper's zip of a month: all workshops' for the super admin, the own for a workshop admin.
  'GET /api/files/invoices': { expect: ADMINS, prepare: async () => ({ query: `month=${await invoiceMonthOfA()}` }) },
  // Money at the provider: the reservation's admins read it, the super admin refunds and connects.
  'GET /api/reservations/{id}/payment': { expect: ADMINS_ON_A, prepare: () => id(f.reservationA) },
  'POST /api/reservations/{id}/refunds': {
    expect: SUPER,
    prepare: async () => ({ ...id((await fresh.reservation('paid')).id), body: { reason: 'Beschadigd' } }),
  },
  'GET /api/workspaces/{id}/mollie': { expect: ADMINS_ON_A, prepare: () => id(f.workshopProfileA) },
  'PUT /api/workspaces/{id}/mollie': {
    expect: SUPER,
    prepare: () => ({ ...id(f.workshopProfileA), body: { organizationId: null } }),
  },
  'POST /api/workspaces/{id}/mollie/onboarding-link': {
    expect: [401, 403, 409, 404, 409],
    prepare: () => id(f.workshopProfileA),
  },
  // Every logged-in caller, filtered to their own workshop (modules/events/events.routes.test.ts proves the filter).
  'GET /api/events': { expect: LOGGED_IN, stream: true },
  'GET /api/reservations/{id}': { expect: ADMINS_ON_A, prepare: () => id(f.reservationA) },
  'GET /api/reservations/{id}/history': { expect: ADMINS_ON_A, prepare: () => id(f.reservationA) },
  'POST /api/reservations/{id}/notes': {
    expect: ADMINS_ON_A,
    prepare: () => ({ params: { id: f.reservationA }, body: { note: 'Klant belde, haalt vrijdag op' } }),
  },
  'POST /api/reservations/{id}/confirm': {
    expect: ADMINS_ON_A,
    prepare: async () => id((await fresh.reservation('new')).id),
  },
  'POST /api/reservations/{id}/reject': {
    expect: ADMINS_ON_A,
    prepare: async () => id((await fresh.reservation('new')).id),
  },
  'POST /api/reservations/{id}/shipped': {
    expect: ADMINS_ON_A,
    prepare: async () => id((await fresh.reservation('paid')).id),
  },
  'POST /api/reservations/{id}/received': {
    expect: ADMINS_ON_A,
    prepare: async () => id((await fresh.reservation('paid', true)).id),
  },
  'POST /api/reservations/{id}/returned': {
    expect: ADMINS_ON_A,
    prepare: async () => id((await fresh.reservation('returning')).id),
  },
  'POST /api/reservations/{id}/send-payment-reminder': { expect: ADMINS_ON_A, prepare: () => id(f.awaitingPaymentA) },
  'PUT /api/reservations/{reservationId}/products/{productId}/availability': {
    expect: ADMINS_ON_A,
    prepare: async () => {
      const r = await fresh.reservation('new');
      return { params: { reservationId: r.id, productId: r.productId } };
    },
  },
  'PUT /api/reservations/{id}/trackandtrace': {
    expect: ADMINS_ON_A,
    prepare: () => ({ params: { id: f.paidShippingA }, body: { trackAndTrace: '3SABCD1234567' } }),
  },
  'PUT /api/reservations/{reservationId}/packages/{deliveryMethodId}': {
    expect: ADMINS_ON_A,
    prepare: () => ({
      params: { reservationId: f.reservationA2.id, deliveryMethodId: String(f.reservationA2.deliveryMethodId) },
      body: { quantity: 2 },
    }),
  },
  'GET /api/files/label': { expect: ADMINS_ON_A, prepare: () => ({ query: `reservationId=${f.paidShippingA}` }) },
  'GET /api/reservations/pickup/{token}': {
    expect: COUNTER_ON_A,
    prepare: async () => ({ params: { token: await pickupTokenFor(t, f.paidPickupA) } }),
  },
  'POST /api/reservations/pickup/{token}': {
    expect: COUNTER_ON_A,
    prepare: async () => ({ params: { token: await pickupTokenFor(t, (await fresh.reservation('paid', true)).id) } }),
  },
  'GET /api/files/pickup-slip': { expect: ADMINS_ON_A, prepare: () => ({ query: `reservationId=${f.paidPickupA}` }) },
  'GET /api/files/statement': {
    expect: ADMINS_ON_A,
    prepare: () => ({ query: `tenantId=${f.workshopA}&month=${THIS_MONTH}` }),
  },
  'GET /api/files/statements.xls': { expect: SUPER, prepare: () => ({ query: `month=${THIS_MONTH}` }) },
  'GET /api/files/labels': {
    expect: ADMINS_ON_A,
    prepare: () => ({ query: `reservationIds=${f.paidShippingA},${f.paidPickupA}` }),
  },

  // Images: every logged-in user uploads for the own tenant (the host for the super admin)
  'POST /api/images': { expect: LOGGED_IN, prepare: () => ({ multipart: true }) },
  'DELETE /api/images/{id}': [
    {
      label: 'foto van de beheerder',
      expect: [401, 403, 'ok', 404, 404],
      prepare: async () => id(await fresh.image(tok.adminA)),
    },
    {
      label: 'eigen foto van de medewerker',
      expect: [401, 'ok', 'ok', 404, 404],
      prepare: async () => id(await fresh.image(tok.userA)),
    },
  ],
};

/** Routes left out of the OpenAPI document on purpose (`hide: true`): the built-in demo payment page. */
const HIDDEN: Record<string, Row> = {
  'GET /betalen/{token}': {
    expect: OPEN,
    public: true,
    prepare: async () => {
      const r = await fresh.reservation('awaitingPayment');
      return { params: { token: await paymentTokenFor(t, r.orderNumber) } };
    },
  },
  'POST /betalen/{token}': {
    expect: OPEN,
    public: true,
    prepare: async () => {
      const r = await fresh.reservation('awaitingPayment');
      return {
        params: { token: await paymentTokenFor(t, r.orderNumber) },
        raw: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  tok = await tokensFor(t);
  const a = await workshopRow(t, WORKSHOP_A);
  const b = await workshopRow(t, WORKSHOP_B);
  Object.assign(f, {
    workshopA: a.tenantId,
    workshopProfileA: a.workspaceId,
    workshopB: b.tenantId,
    workshopProfileB: b.workspaceId,
  });
  f.categoryId = (await mainCategory(t, tok.userA)).id;
  const marker = unique('GEHEIM-A-');
  f.productA = expectOk(
    await t.call<{ id: string }>('POST', '/api/products', {
      token: tok.adminA,
      body: productBody(f.categoryId, marker),
    }),
    'product A',
  ).body.id;
  f.productOfUserA = await fresh.productOfUserA();
  f.productB = (await makeProduct(t, WORKSHOP_B)).id;
  f.publishedProductA = (await makeProduct(t, WORKSHOP_A, { published: true })).id;
  f.reservationA = (await fresh.reservation('new')).id;
  f.reservationA2 = await fresh.reservation('new');
  f.paidShippingA = (await fresh.reservation('paid')).id;
  f.paidPickupA = (await fresh.reservation('paid', true)).id;
  f.awaitingPaymentA = (await fresh.reservation('awaitingPayment')).id;
  f.reservationB = (await reservationIn(t, tok.adminB as string, 'new', { workshop: WORKSHOP_B })).id;
  f.userAId = await userIdOf(t, LOGINS.userA.user);
  f.adminAId = await userIdOf(t, LOGINS.adminA.user);
  f.adminBId = await userIdOf(t, LOGINS.adminB.user);
  f.resourceId = (await asSuper<{ id: string }[]>('GET', '/api/resources')).body[0]?.id as string;
  f.subcategoryId = await fresh.subcategory();
  f.pageId = await fresh.page();
  const shopPages = await t.call<{ mainMenu: { slug: string }[]; footer: { slug: string }[] }>(
    'GET',
    '/api/shop/pages',
  );
  f.pageSlug = [...(shopPages.body.mainMenu ?? []), ...(shopPages.body.footer ?? [])][0]?.slug as string;
  // What tenant B's callers must never see of A, and A's callers of B (the super admin sees all).
  f.markersA = [
    f.workshopA,
    f.workshopProfileA,
    f.productA,
    f.productOfUserA,
    f.reservationA,
    f.userAId,
    f.adminAId,
    marker,
  ];
  f.markersB = [f.workshopB, f.workshopProfileB, f.productB, f.reservationB, f.adminBId];
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function routesOf(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}

type Cell = {
  route: string;
  label?: string;
  role: Role;
  expected: Expect;
  status: number;
  problem?: string;
  /** Which tenants' markers the body showed (the super admin's bodies prove the search sees them). */
  shows: { a: boolean; b: boolean };
};

/** A GET of a stream that does not end: its status and, when it opened, its first chunk as the body. */
async function firstChunk(url: string, token: string | undefined) {
  const controller = new AbortController();
  const res = await fetch(`${t.baseUrl}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  if (!res.ok) return { status: res.status, body: (await res.json()) as unknown };
  const reader = res.body?.getReader();
  const first = await reader?.read();
  controller.abort();
  return { status: res.status, body: new TextDecoder().decode(first?.value) };
}

async function runCell(route: string, row: Row, role: Role): Promise<Cell> {
  const [method, path] = route.split(' ') as [string, string];
  const req = row.prepare ? await row.prepare(role) : {};
  let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (!value) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  if (req.query) url += `?${req.query}`;
  const res = req.multipart
    ? await upload(t, tok[role])
    : row.stream
      ? await firstChunk(url, req.token ?? tok[role])
      : await t.call(method, url, {
          token: req.token ?? tok[role],
          body: req.body,
          raw: req.raw,
          headers: req.headers,
        });
  const expected = row.expect[ROLES.indexOf(role)] as Expect;
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  const shows = { a: f.markersA.some((m) => text.includes(m)), b: f.markersB.some((m) => text.includes(m)) };
  const cell: Cell = { route, label: row.label, role, expected, status: res.status, shows };
  const ok = res.status >= 200 && res.status < 300;
  if (expected !== 'ok' && ok) cell.problem = 'leak: 2xx where access should be refused';
  else if (expected === 'ok' ? !ok : res.status !== expected) cell.problem = `mismatch: ${JSON.stringify(res.body)}`;
  if (!row.public && role !== 'super') {
    const foreign = role === 'adminB' ? f.markersA : role === 'anon' ? [...f.markersA, ...f.markersB] : f.markersB;
    const sent = row.echoesIds ? JSON.stringify(req.body ?? '') + (req.query ?? '') : '';
    const seen = foreign.find((m) => text.includes(m) && !sent.includes(m));
    if (seen) cell.problem = `leak: foreign record data ${seen} in the body`;
  }
  return cell;
}

describe('access matrix', () => {
  it('answers every route for every kind of caller as written down, and leaks nothing', async () => {
    const doc = await t.call<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    const documented = routesOf(doc.body);
    // A new route must get a row, a removed one must lose it.
    expect(
      documented.filter((r) => !(r in MATRIX)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !documented.includes(r)),
      'rows without a route',
    ).toEqual([]);
    for (const hidden of Object.keys(HIDDEN)) {
      const [method, path] = hidden.split(' ') as [string, string];
      expect(t.app.hasRoute({ method: method as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }), hidden).toBe(true);
    }

    const cells: Cell[] = [];
    const all: [string, Row][] = [
      ...documented.flatMap((r) => [MATRIX[r]].flat().map((row) => [r, row] as [string, Row])),
      ...Object.entries(HIDDEN),
    ];
    for (const [route, row] of all) for (const role of ROLES) cells.push(await runCell(route, row, role));

    const problems = cells.filter((c) => c.problem);
    const leaks = problems.filter((c) => c.problem?.startsWith('leak'));
    const routes = new Set(cells.map((c) => c.route)).size;
    process.stdout.write(
      `access matrix: ${routes} routes (${all.length} rows) × ${ROLES.length} roles = ${cells.length} cells checked; leaks found: ${leaks.length}\n`,
    );
    expect(
      problems.map(
        (c) =>
          `${c.route}${c.label ? ` (${c.label})` : ''} as ${c.role}: expected ${c.expected}, got ${c.status} — ${c.problem}`,
      ),
    ).toEqual([]);
    expect(leaks.length).toBe(0);
    // The marker search is not blind: the super admin's product and reservation lists show both tenants.
    const superSees = (route: string) => cells.find((c) => c.route === route && c.role === 'super')?.shows;
    expect(superSees('GET /api/products')).toEqual({ a: true, b: true });
    expect(superSees('GET /api/reservations/all')).toEqual({ a: true, b: true });
  }, 240_000);
});
