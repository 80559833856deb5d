import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD } from './browser.ts';
import { WORKSHOP_ADMIN } from './login.ts';

type ShopList = { items: { id: string; isUniqueEdition: boolean; isSold: boolean }[] };
export type PlacedOrder = { id: string; orderNumber: string; customerUrl: string };

/**
 * New reservations of De Draaischijf through the shop's public API, as a customer elsewhere would place them: one per
 * product, each of a product that is not unique, so none pauses another and the demo's reservations that other tests
 * read stay as they are.
 */
export async function placeShopOrders(
  count: number,
  customer: { name: string; email: string },
): Promise<PlacedOrder[]> {
  const free = await freeProducts(count);
  const placed: PlacedOrder[] = [];
  for (const product of free)
    placed.push(await postShopOrder(customer, product.deliveryMethods[0]?.id ?? 1, [product.id]));
  return placed;
}

/** One order through the shop's public API: one of each product, to an address in Utrecht. */
async function postShopOrder(
  customer: { name: string; email: string },
  deliveryMethodId: number,
  productIds: string[],
): Promise<PlacedOrder> {
  const res = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...customer,
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '3511 AB',
      city: 'Utrecht',
      deliveryMethodId,
      products: productIds.map((productId) => ({ productId, quantity: 1 })),
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as PlacedOrder;
}

/** Products of De Draaischijf that are not unique and have a piece to be had, made when the demo lacks them. */
async function freeProducts(count: number): Promise<{ id: string; deliveryMethods: { id: number }[] }[]> {
  const list = (await (
    await fetch(`${baseUrl()}/api/shop/products?workspace=de-draaischijf&pageSize=50`)
  ).json()) as ShopList;
  // Products with a piece still to be had: approved reservations of other tests hold stock.
  const free: { id: string; deliveryMethods: { id: number }[] }[] = [];
  for (const product of list.items.filter((p) => !p.isUniqueEdition && !p.isSold)) {
    if (free.length === count) break;
    const detail = (await (await fetch(`${baseUrl()}/api/shop/products/${product.id}`)).json()) as {
      available: number;
      deliveryMethods: { id: number }[];
    };
    if (detail.available >= 1) free.push({ id: product.id, deliveryMethods: detail.deliveryMethods });
  }
  // The files share one demo database and run in an order vitest chooses: when earlier files' reservations hold the
  // demo's stock, this file makes the products it lacks itself.
  while (free.length < count) free.push(await aStockedProduct(free.length));
  expect(free).toHaveLength(count);
  return free;
}

/**
 * A new reservation of De Draaischijf with two products of its own, approved by its admin:
 * awaiting payment, for a test that edits one (removing the last product of a reservation rejects it at once).
 */
export async function awaitingPaymentWithTwoProducts(customer: { name: string; email: string }): Promise<PlacedOrder> {
  const token = await workshopAdminToken();
  // Two products of its own, sent as a parcel (or picked up); the test changes the delivery.
  const first = await aStockedProduct(0, [1, 3]);
  const second = await aStockedProduct(1, [1, 3]);
  const placed = await postShopOrder(customer, 3, [first.id, second.id]);
  const confirm = await fetch(`${baseUrl()}/api/reservations/${placed.id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(confirm.status).toBe(204);
  return placed;
}

/** One new reservation (see `placeShopOrders`). */
export async function placeShopOrder(customer: { name: string; email: string }): Promise<PlacedOrder> {
  const [placed] = await placeShopOrders(1, customer);
  if (!placed) throw new Error('no reservation placed');
  return placed;
}

/** A session token of De Draaischijf's admin, from the log-in API (for data a test makes through the back-office). */
export async function workshopAdminToken(): Promise<string> {
  const workshops = (await (await fetch(`${baseUrl()}/api/workspaces/available`)).json()) as {
    id: string;
    name: string;
  }[];
  const workshop = workshops.find((t) => t.name === WORKSHOP_ADMIN.workshop);
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WORKSHOP_HEADER]: workshop?.id ?? '' },
    body: JSON.stringify({ userNameOrEmailAddress: WORKSHOP_ADMIN.user, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { auth_token: string }).auth_token;
}

/**
 * A new published product of De Draaischijf with 5 in stock, made through the back-office API as its admin, offered
 * with the given delivery methods (pickup by default).
 */
async function aStockedProduct(
  n: number,
  methods: number[] = [1],
): Promise<{ id: string; deliveryMethods: { id: number }[] }> {
  const token = await workshopAdminToken();
  const as = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const categories = (await (await fetch(`${baseUrl()}/api/categories/all`, { headers: as })).json()) as {
    id: string;
  }[];
  const created = await fetch(`${baseUrl()}/api/products`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({
      name: `Proefkom ${n + 1} ${Date.now()}`,
      description: 'Gedraaid op de schijf.',
      extraInformation: '',
      material: 'Klei',
      isUniqueEdition: false,
      quantity: 5,
      categories: [{ id: categories[0]?.id }],
      customCategories: [],
      price: 24,
      weight: 400,
      length: 12,
      width: 12,
      height: 8,
      deliveryMethods: methods.map((id) => ({ id })),
      images: [],
      authorName: 'Marieke',
      authorDescription: 'Draait al twintig jaar.',
      authorImage: null,
    }),
  });
  expect(created.ok, await created.clone().text()).toBe(true);
  const id = ((await created.json()) as { id: string }).id;
  const published = await fetch(`${baseUrl()}/api/products/${id}/publish-status`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({ id, isPublished: true }),
  });
  expect(published.ok).toBe(true);
  return { id, deliveryMethods: methods.map((id) => ({ id })) };
}
