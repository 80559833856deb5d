import { type Category, FAQ_IDS, type Image, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { tenants, users, workspaces } from '../db/schema/index.ts';
import { makeProduct, order, sign } from '../modules/reservations/reservation-fixtures.ts';
import type { TestApp } from '../test/test-app.ts';

/**
 * The actors and records the security suite works with: tenant A is De Draaischijf, tenant B Glasatelier Helder.
 * Records are made through the API where that is cheap, so each one is a real record of its tenant.
 */

export const WORKSHOP_A = 'De Draaischijf';
export const WORKSHOP_B = 'Glasatelier Helder';
export const LOGINS = {
  userA: { user: 'medewerker@dedraaischijf.nl', workshop: WORKSHOP_A },
  adminA: { user: 'beheer@dedraaischijf.nl', workshop: WORKSHOP_A },
  adminB: { user: 'beheer@glasatelierhelder.nl', workshop: WORKSHOP_B },
  super: { user: 'admin@ateliermarkt.nl', workshop: null },
} as const;

export const ROLES = ['anon', 'userA', 'adminA', 'adminB', 'super'] as const;
export type Role = (typeof ROLES)[number];
export type Tokens = Record<Role, string | undefined>;

export async function tokensFor(t: TestApp): Promise<Tokens> {
  const token = (r: keyof typeof LOGINS) => t.tokenFor(LOGINS[r].user, LOGINS[r].workshop);
  return {
    anon: undefined,
    userA: await token('userA'),
    adminA: await token('adminA'),
    adminB: await token('adminB'),
    super: await token('super'),
  };
}

let counter = 0;
/** A short unique suffix, so records made in one test file never collide. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export async function workshopRow(t: TestApp, name: string) {
  const [row] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, name));
  if (!row) throw new Error(`no tenant ${name}`);
  const [ws] = await t.ctx.db.select().from(workspaces).where(eq(workspaces.tenantId, row.id));
  if (!ws) throw new Error(`no workspace for ${name}`);
  return { tenantId: row.id, workspaceId: ws.id };
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export async function mainCategory(t: TestApp, token: string | undefined, title = 'Wonen'): Promise<Category> {
  const res = await t.call<Category[]>('GET', '/api/categories/all', { token });
  const found = res.body.find((c) => c.title === title);
  if (!found) throw new Error(`no category ${title}`);
  return found;
}

export function productBody(categoryId: string, name: string) {
  return {
    name,
    description: 'Gedraaid op de schijf.',
    extraInformation: '',
    material: 'Hout',
    isUniqueEdition: true,
    categories: [{ id: categoryId }],
    customCategories: [] as { title: string }[],
    price: 24.5,
    weight: 500,
    length: 10,
    width: 10,
    height: 20,
    deliveryMethods: [{ id: 1 }, { id: 3 }],
    images: [] as { id: string }[],
    authorName: 'Marieke',
    authorDescription: 'Draait al twintig jaar.',
    authorImage: null as { id: string } | null,
  };
}

/** A small real JPEG, as the web app uploads it. */
export async function jpegBytes(): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#c86' } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(bytes);
}

export async function upload(t: TestApp, token: string | undefined) {
  const form = new FormData();
  form.append('formFile', new Blob([await jpegBytes()], { type: 'image/jpeg' }), 'foto.jpg');
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await fetch(`${t.baseUrl}/api/images`, { method: 'POST', headers, body: form });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as Image, headers: res.headers };
}

export function expectOk<T extends { status: number; body: unknown }>(res: T, what: string): T {
  if (res.status < 200 || res.status > 299) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

export type ReservationStage = 'new' | 'awaitingPayment' | 'paid' | 'shipped' | 'pickedUp' | 'returning';

/**
 * A fresh reservation of `workshop` in the given stage, driven there through the real calls: the shop orders,
 * the workshop admin confirms, the signed webhook pays, the admin ships or hands over, the shop starts a return.
 */
export async function reservationIn(
  t: TestApp,
  adminToken: string,
  stage: ReservationStage,
  options: { workshop?: string; pickup?: boolean } = {},
) {
  const method = options.pickup || stage === 'pickedUp' ? 1 : 3;
  const product = await makeProduct(t, options.workshop ?? WORKSHOP_A, { methods: [1, 3] });
  const placed = expectOk(await order(t, [product.id], method), 'order');
  const id = placed.body.id;
  const step = async (segment: string) =>
    expectOk(await t.call('POST', `/api/reservations/${id}/${segment}`, { token: adminToken }), segment);
  if (stage !== 'new') await step('confirm');
  if (['paid', 'shipped', 'pickedUp', 'returning'].includes(stage)) {
    const raw = JSON.stringify({ reservationId: id, status: 'paid' });
    expectOk(
      await t.call('POST', '/api/payments/webhook', {
        raw,
        headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, raw) },
      }),
      'webhook',
    );
  }
  if (stage === 'shipped' || stage === 'returning') await step('shipped');
  if (stage === 'pickedUp') await step('received');
  if (stage === 'returning') expectOk(await t.call('POST', `/api/shop/reservations/${id}/return`), 'return');
  return { id, productId: product.id, deliveryMethodId: method, orderNumber: placed.body.orderNumber };
}

/** The payment token of the newest payment mail of a reservation (approval or reminder). */
export async function paymentTokenFor(t: TestApp, orderNumber: string): Promise<string> {
  const mail = (await t.mails()).filter((m) => m.text.includes(orderNumber) && /\/betalen\//.test(m.text)).at(-1);
  const match = mail ? /\/betalen\/([\w-]+)/.exec(mail.text) : null;
  if (!match?.[1]) throw new Error(`no payment link for ${orderNumber}`);
  return match[1];
}

/** Asks a reset mail for a demo user and returns the body of POST account/reset-password it makes possible. */
export async function resetBody(t: TestApp, email: string, workshop: string | null, newPassword: string) {
  const headers: Record<string, string> = workshop ? { [WORKSHOP_HEADER]: await t.tenantId(workshop) } : {};
  const before = (await t.mails()).length;
  expectOk(
    await t.call('POST', '/api/account/reset-password-request', { body: { emailAddress: email }, headers }),
    'reset request',
  );
  await t.settled(); // the code and mail are made by a job after the answer (lib/jobs.ts)
  const mail = (await t.mails()).slice(before).find((m) => m.to === email);
  const found = mail?.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('/resetPassword?'));
  if (!found) throw new Error(`no reset mail for ${email}`);
  const link = new URL(found);
  return {
    newPassword,
    token: link.searchParams.get('code'),
    userId: link.searchParams.get('userId'),
    tenantId: link.searchParams.get('tenantId'),
  };
}

export const BACK_OFFICE_FAQ = FAQ_IDS.backOffice;
