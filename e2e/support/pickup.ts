import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { readOutbox } from '../../apps/api/src/test/outbox.ts';
import { baseUrl, dataDir, LAPTOP, openPage } from './browser.ts';

/** A new reservation of De Draaischijf to be picked up, approved by the admin and paid by the customer. */
export async function paidPickupReservation(browser: Browser, token: string, customer: string) {
  // Its own unique product, to be picked up, so the demo's products other tests order from stay as they are.
  const as = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const categories = (await (await fetch(`${baseUrl()}/api/categories/all`, { headers: as })).json()) as {
    id: string;
  }[];
  const created = await fetch(`${baseUrl()}/api/products`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({
      name: `Balievaas ${customer}`,
      description: 'Gedraaid op de schijf.',
      extraInformation: '',
      material: 'Klei',
      isUniqueEdition: true,
      categories: [{ id: categories[0]?.id }],
      customCategories: [],
      price: 35,
      weight: 500,
      length: 10,
      width: 10,
      height: 20,
      deliveryMethods: [{ id: 1 }],
      images: [],
      authorName: 'Marieke',
      authorDescription: 'Draait al twintig jaar.',
      authorImage: null,
    }),
  });
  expect(created.ok).toBe(true);
  const productId = ((await created.json()) as { id: string }).id;
  const published = await fetch(`${baseUrl()}/api/products/${productId}/publish-status`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({ id: productId, isPublished: true }),
  });
  expect(published.ok).toBe(true);
  const placed = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: customer,
      email: 'balie@example.nl',
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '3511 AB',
      city: 'Utrecht',
      deliveryMethodId: 1,
      products: [{ productId, quantity: 1 }],
    }),
  });
  expect(placed.status).toBe(201);
  const { id, orderNumber } = (await placed.json()) as { id: string; orderNumber: string };
  const confirm = await fetch(`${baseUrl()}/api/reservations/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(confirm.status).toBe(204);
  const approvalMail = () =>
    readOutbox(dataDir()).find((m) => m.subject.includes(orderNumber) && m.text.includes('/betalen/'));
  await expect.poll(approvalMail).toBeTruthy();
  const payLink = /https?:\/\/\S+\/betalen\/[\w-]+/.exec(approvalMail()?.text ?? '')?.[0] ?? '';
  const { page: shop, context } = await openPage(browser, LAPTOP, new URL(payLink).pathname);
  await shop.getByRole('button', { name: /^Betaal €/ }).click();
  await shop.getByText('Dank je wel!').waitFor();
  await context.close();
  return { id, orderNumber };
}
