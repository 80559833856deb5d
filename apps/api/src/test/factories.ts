import { createHmac, randomBytes } from 'node:crypto';
import type { Category, Product, Workshop, WorkshopUser } from '@ateliermarkt/contract';
import { writeSettings } from '../modules/settings/index.ts';
import { DEMO_PLATFORM_LEGAL, DEMO_SUPER_ADMIN } from '../seed/demo-data.ts';
import { linkIn, type TestApp } from './test-app.ts';

/**
 * Test data made through the real HTTP calls, so every rule of the services holds (names unique, a workshop's admin
 * chooses a password through the mailed link, an order only of a published product of a published workshop, a status
 * reached only by its transitions): `aWorkshop`, `anAdmin`, `aProduct`, `aReservation({ status })`. Each makes fresh,
 * uniquely named data, so a test does not lean on the demo marketplace or on what another test left behind. The
 * moments they record (ordered, approved, paid, …) follow the app's clock: set `t.clock` first to date them.
 * The super admin is the demo's (createTestApp seeds it), or pass `superAdminToken`.
 */

/** A strong password the factories give every account they make. */
export const FACTORY_PASSWORD = 'Fabriek2026!test';

const unique = () => randomBytes(4).toString('hex');

function ok<T>(res: { status: number; body: T }, what: string): T {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const superTokens = new WeakMap<TestApp, Promise<string>>();
function superAdminOf(t: TestApp): Promise<string> {
  let token = superTokens.get(t);
  if (!token) {
    token = t.tokenFor(DEMO_SUPER_ADMIN, null);
    superTokens.set(t, token);
  }
  return token;
}

export type FactoryWorkshop = {
  /** The workshop's (workspace's) id, as the workspaces API names it. */
  id: string;
  tenantId: string;
  name: string;
  adminEmail: string;
  /** A token of the workshop's admin, who chose FACTORY_PASSWORD through the mailed link. */
  adminToken: string;
};

/** A new workshop with its admin (POST workspaces as the super admin, the admin's password set through the mail). */
export async function aWorkshop(
  t: TestApp,
  options: { name?: string; published?: boolean; superAdminToken?: string } = {},
): Promise<FactoryWorkshop> {
  const superToken = options.superAdminToken ?? (await superAdminOf(t));
  const tag = unique();
  const name = options.name ?? `Atelier ${tag}`;
  const adminEmail = `beheer-${tag}@example.nl`;
  const workshop = ok(
    await t.call<Workshop>('POST', '/api/workspaces', {
      token: superToken,
      body: { name, adminEmailAddress: adminEmail },
    }),
    'aWorkshop',
  );
  const mail = (await t.mails()).filter((m) => m.to === adminEmail).at(-1);
  if (!mail) throw new Error(`aWorkshop: no mail to ${adminEmail}`);
  const link = linkIn(mail);
  ok(
    await t.call('POST', '/api/account/reset-password', {
      body: {
        newPassword: FACTORY_PASSWORD,
        token: link.searchParams.get('code'),
        userId: link.searchParams.get('userId'),
        tenantId: link.searchParams.get('tenantId'),
      },
    }),
    'aWorkshop: password',
  );
  if (options.published ?? true) {
    ok(
      await t.call('POST', `/api/workspaces/${workshop.id}/publish-status`, {
        token: superToken,
        body: { id: workshop.id, isPublished: true },
      }),
      'aWorkshop: publish',
    );
  }
  const adminToken = await t.tokenFor(adminEmail, name, FACTORY_PASSWORD);
  return { id: workshop.id, tenantId: workshop.tenantId, name, adminEmail, adminToken };
}

/** One more admin (or plain user) of `workshop`, added by its admin (POST identity/users); its token. */
export async function anAdmin(
  t: TestApp,
  workshop: FactoryWorkshop,
  options: { role?: 'admin' | 'user' } = {},
): Promise<{ user: WorkshopUser; email: string; token: string }> {
  const tag = unique();
  const email = `${options.role ?? 'admin'}-${tag}@example.nl`;
  const user = ok(
    await t.call<WorkshopUser>('POST', '/api/identity/users', {
      token: workshop.adminToken,
      body: {
        userName: email,
        name: 'Test',
        surname: tag,
        email,
        phoneNumber: '',
        roleNames: [options.role ?? 'admin'],
        password: FACTORY_PASSWORD,
      },
    }),
    'anAdmin',
  );
  return { user, email, token: await t.tokenFor(email, workshop.name, FACTORY_PASSWORD) };
}

/** A product of the workshop whose admin `token` is (POST products), published unless `published: false`. */
export async function aProduct(
  t: TestApp,
  token: string,
  options: { name?: string; price?: number; unique?: boolean; published?: boolean; deliveryMethods?: number[] } = {},
): Promise<Product> {
  const categories = ok(await t.call<Category[]>('GET', '/api/categories/all', { token }), 'aProduct: categories');
  const category = categories[0];
  if (!category) throw new Error('aProduct: no categories (reference data missing)');
  const product = ok(
    await t.call<Product>('POST', '/api/products', {
      token,
      body: {
        name: options.name ?? `Testvaas ${unique()}`,
        description: 'Een vaas om mee te testen.',
        extraInformation: '',
        material: 'Keramiek / aardewerk / porselein',
        isUniqueEdition: options.unique ?? true,
        categories: [{ id: category.id }],
        customCategories: [],
        price: options.price ?? 45,
        weight: 800,
        length: 20,
        width: 15,
        height: 30,
        deliveryMethods: (options.deliveryMethods ?? [1, 3]).map((id) => ({ id })),
        images: [],
        authorName: 'Test',
        authorDescription: '',
        authorImage: null,
      },
    }),
    'aProduct',
  );
  if (options.published ?? true) {
    ok(
      await t.call('POST', `/api/products/${product.id}/publish-status`, {
        token,
        body: { id: product.id, isPublished: true },
      }),
      'aProduct: publish',
    );
  }
  return product;
}

/** The statuses `aReservation` reaches, each through the transitions a real one goes through. */
export type FactoryStatus =
  | 'new'
  | 'rejected'
  | 'awaitingPayment'
  | 'paid'
  | 'shipped'
  | 'pickedUp'
  | 'returning'
  | 'returnReceived';

/**
 * A reservation of one new product of the workshop (its admin's token): ordered in the shop, then approved, paid
 * (the signed payment webhook), shipped or picked up, returned, as far as `status` asks. Picked-up reservations are
 * ordered for pick-up (delivery method 1), the others for shipping (3).
 */
export async function aReservation(
  t: TestApp,
  workshop: { adminToken: string },
  options: { status?: FactoryStatus; price?: number } = {},
) {
  const status = options.status ?? 'new';
  const pickup = status === 'pickedUp';
  const product = await aProduct(t, workshop.adminToken, { ...(options.price ? { price: options.price } : {}) });
  const deliveryMethodId = pickup ? 1 : 3;
  const placed = ok(
    await t.call<{ id: string; orderNumber: string }>('POST', '/api/shop/reservations', {
      body: {
        name: 'Anna de Klant',
        street: 'Lindengracht',
        streetNumber: '12a',
        zipCode: '1015kk',
        city: 'Amsterdam',
        email: `klant-${unique()}@example.nl`,
        deliveryMethodId,
        products: [{ productId: product.id }],
      },
    }),
    'aReservation: order',
  );
  const { id } = placed;
  const step = async (segment: string) =>
    ok(await t.call('POST', `/api/reservations/${id}/${segment}`, { token: workshop.adminToken }), segment);
  if (status === 'rejected') await step('reject');
  else if (status !== 'new') await step('confirm');
  if (['paid', 'shipped', 'pickedUp', 'returning', 'returnReceived'].includes(status)) {
    const raw = JSON.stringify({ reservationId: id, status: 'paid' });
    const signature = createHmac('sha256', t.ctx.config.paymentWebhookSecret).update(raw).digest('hex');
    ok(
      await t.call('POST', '/api/payments/webhook', {
        raw,
        headers: { 'content-type': 'application/json', 'x-signature': signature },
      }),
      'aReservation: paid',
    );
  }
  if (['shipped', 'returning', 'returnReceived'].includes(status)) await step('shipped');
  if (status === 'pickedUp') await step('received');
  if (status === 'returning' || status === 'returnReceived') {
    ok(await t.call('POST', `/api/shop/reservations/${id}/return`), 'aReservation: return');
  }
  if (status === 'returnReceived') await step('returned');
  return { id, orderNumber: placed.orderNumber, productId: product.id, deliveryMethodId };
}

/** The platform's invoice data, as the demo has it: what issuing invoices needs, written again where a test changed it. */
export async function withPlatformLegal(t: TestApp) {
  await t.ctx.db.transaction((tx) => writeSettings(tx, DEMO_PLATFORM_LEGAL, null));
}
