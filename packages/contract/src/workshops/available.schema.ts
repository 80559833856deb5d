import { z } from 'zod';

/** One entry of the log-in picker (available tenant). */
export const availableWorkshopSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
});
export type AvailableWorkshop = z.infer<typeof availableWorkshopSchema>;
export const availableWorkshopsResponseSchema = z.array(availableWorkshopSchema);
