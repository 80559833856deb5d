import { z } from 'zod';
import { WORKSHOP_HEADER } from '../constants.ts';

/** What the log-in and account calls (session.endpoints.ts, auth.endpoints.ts) share. */

/** The workshop a public account call is for (the log-in, a password reset), named by its header. */
export const workshopHeaders = z.object({ [WORKSHOP_HEADER]: z.string().max(64).optional() }).loose();

export const AUTH_ERRORS = [400, 401, 429] as const;
