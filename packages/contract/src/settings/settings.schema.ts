import { z } from 'zod';

export const settingsSchema = z.object({
  productName: z.string(),
  taxPercent: z.number(),
  feePercent: z.number(),
  minPrice: z.number(),
  maxProductImages: z.number().int(),
  maxFeaturedProducts: z.number().int(),
  maxImageBytes: z.number().int(),
  authorDescriptionMax: z.number().int(),
  sessionCheckIntervalMs: z.number().int(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;
