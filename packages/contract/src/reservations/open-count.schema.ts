import { z } from 'zod';

/** GET reservations/open-count: the navigation badge's number (open-count.endpoints.ts). */
export const reservationOpenCountSchema = z.object({ count: z.number().int() });
