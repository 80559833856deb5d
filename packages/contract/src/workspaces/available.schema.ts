import { z } from 'zod';

/** One entry of the log-in picker (available tenant). */
export const availableTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
});
export type AvailableTenant = z.infer<typeof availableTenantSchema>;
export const availableTenantsResponseSchema = z.array(availableTenantSchema);
