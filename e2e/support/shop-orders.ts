import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

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
  const list = (await (
    await fetch(`${baseUrl()}/api/shop/products?workspace=de-draaischijf&pageSize=50`)
  ).json()) as ShopList;
  // Products with a piece still to be had: approved reservations of other tests hold stock (issue 24.4).
  const free: { id: string; deliveryMethods: { id: number }[] }[] = [];
  for (const product of list.items.filter((p) => !p.isUniqueEdition && !p.isSold)) {
    if (free.length === count) break;
    const detail = (await (await fetch(`${baseUrl()}/api/shop/products/${product.id}`)).json()) as {
      available: number;
      deliveryMethods: { id: number }[];
    };
    if (detail.available >= 1) free.push({ id: product.id, deliveryMethods: detail.deliveryMethods });
  }
  expect(free).toHaveLength(count);
  const placed: PlacedOrder[] = [];
  for (const product of free) {
    const detail = product;
    const res = await fetch(`${baseUrl()}/api/shop/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...customer,
        street: 'Stroomweg',
        streetNumber: '14',
        zipCode: '3511 AB',
        city: 'Utrecht',
        deliveryMethodId: detail.deliveryMethods[0]?.id ?? 1,
        products: [{ productId: product.id, quantity: 1 }],
      }),
    });
    expect(res.status).toBe(201);
    placed.push((await res.json()) as PlacedOrder);
  }
  return placed;
}

/** One new reservation (see `placeShopOrders`). */
export async function placeShopOrder(customer: { name: string; email: string }): Promise<PlacedOrder> {
  const [placed] = await placeShopOrders(1, customer);
  if (!placed) throw new Error('no reservation placed');
  return placed;
}
