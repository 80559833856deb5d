import { z } from 'zod';
import { formatDateTime } from '../dates.ts';

/**
 * Scan to hand over (docs/decisions/0033): what the counter screen behind the pick-up slip's QR code
 * shows, and what its one button answers. `handedOver` says when and by whom it was handed over, once it was.
 */
export const pickupTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const pickupViewSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** `image`: the product's first photo (a thumbnail), so the counter sees what to hand over. */
  products: z.array(z.object({ name: z.string(), quantity: z.number().int(), image: z.string().nullable() })),
  statusName: z.string(),
  /** Paid and to be picked up: the button may hand it over now. */
  mayHandOver: z.boolean(),
  /** Why it cannot be handed over now (Dutch), when it cannot and was not handed over before. */
  refusal: z.string().nullable(),
  handedOver: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type PickupView = z.infer<typeof pickupViewSchema>;

/** The counter screen's line once it was handed over: when and by whom. */
export function handedOverText(handedOver: NonNullable<PickupView['handedOver']>): string {
  return `Meegegeven op ${formatDateTime(handedOver.at)} door ${handedOver.by}.`;
}
