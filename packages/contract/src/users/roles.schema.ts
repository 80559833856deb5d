import { z } from 'zod';
import { ROLE_NAMES } from '../constants.ts';

export const roleSchema = z.object({ id: z.string(), name: z.enum(ROLE_NAMES) });
export type Role = z.infer<typeof roleSchema>;

/** `{ items, totalCount }`: the list shape wherever an answer has `items`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}

export const rolesResponseSchema = pagedSchema(roleSchema);
