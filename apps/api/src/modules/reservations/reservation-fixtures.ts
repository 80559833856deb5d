import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { productDeliveryMethods, products, tenants, workspaces } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/test-app.ts';
import { pickupLink } from './pickup/pickup.service.ts';

let counter = 0;

/** A product straight in the database (the products API is tested on its own), published by default. */
export async function makeProduct(
  t: TestApp,
  workshop: string,
  options: { unique?: boolean; published?: boolean; priceCents?: number; quantity?: number; methods?: number[] } = {},
) {
  const [workshopRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, workshop));
  if (!workshopRow) throw new Error(`no workshop ${workshop}`);
  counter += 1;
  const [p] = await t.ctx.db
    .insert(products)
    .values({
      tenantId: workshopRow.id,
      productNumber: `TEST-${counter}-${Math.random().toString(36).slice(2, 8)}`,
      name: `Testvaas ${counter}`,
      description: 'Een vaas om mee te testen',
      priceCents: options.priceCents ?? 4500,
      isUniqueEdition: options.unique ?? true,
      quantity: options.quantity ?? 1,
      isPublished: options.published ?? true,
    })
    .returning();
  if (!p) throw new Error('no product');
  await t.ctx.db
    .insert(productDeliveryMethods)
    .values((options.methods ?? [1, 2, 3, 4, 5]).map((deliveryMethodId) => ({ productId: p.id, deliveryMethodId })));
  return p;
}

export async function publishWorkshop(t: TestApp, workshop: string, published: boolean) {
  const [workshopRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, workshop));
  if (!workshopRow) throw new Error(`no workshop ${workshop}`);
  await t.ctx.db.update(workspaces).set({ isPublished: published }).where(eq(workspaces.tenantId, workshopRow.id));
}

export const customer = {
  name: 'Anna de Klant',
  street: 'Lindengracht',
  streetNumber: '12a',
  zipCode: '1015kk',
  city: 'Amsterdam',
  email: 'anna@example.nl',
};

export async function order(
  t: TestApp,
  productIds: string[],
  deliveryMethodId = 3,
  extra: Record<string, unknown> = {},
) {
  return t.call<{ id: string; orderNumber: string; error?: { message: string } }>('POST', '/api/shop/reservations', {
    body: { ...customer, deliveryMethodId, products: productIds.map((productId) => ({ productId })), ...extra },
  });
}

export function sign(secret: string, body: string) {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The token of a reservation's pick-up slip QR code, as printing the slip makes it (scan to hand over). */
export async function pickupTokenFor(t: TestApp, reservationId: string): Promise<string> {
  const link = await pickupLink(t.ctx, reservationId);
  return decodeURIComponent(link.split('/').at(-1) ?? '');
}
