import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../constants.ts';
import type { ErrorStatus } from '../endpoints/endpoint.ts';

/**
 * Retry-safe creates (shop orders and the back-office's creates): the IETF httpapi
 * `Idempotency-Key` header. The same key with the same body answers the first answer again; with another body 422;
 * while the first is still under way 409. Keys of the back-office are the caller's own (per user and workshop).
 */
export const idempotencyKeyHeaders = z
  .object({
    [IDEMPOTENCY_KEY_HEADER]: z
      .string()
      .optional()
      .describe(
        'Een unieke sleutel per verzoek, 1 tot 255 zichtbare tekens (bijvoorbeeld een UUID); dezelfde sleutel bij het opnieuw proberen',
      ),
  })
  .loose();

/** The Dutch answers of the back-office's retry-safe creates (the shop's orders have their own, SHOP_MESSAGES). */
export const IDEMPOTENCY_MESSAGES = {
  keyReused:
    'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel voor een nieuw verzoek.',
  inProgress: 'Dit verzoek wordt al verwerkt. Probeer het over een paar seconden nog eens.',
};

/** The errors of a retry-safe create: the standard ones, 409 while the first request runs and 422 for a reused key. */
const IDEMPOTENT_ERRORS = [400, 401, 403, 404, 409, 422] as const satisfies readonly ErrorStatus[];

/**
 * What makes a back-office create retry-safe, spread at the end of its endpoint entry (`...RETRY_SAFE_CREATE`): the
 * `Idempotency-Key` header, the errors with 409 and 422, and the flag the server's idempotency plugin honours.
 */
export const RETRY_SAFE_CREATE = {
  headers: idempotencyKeyHeaders,
  errors: IDEMPOTENT_ERRORS,
  idempotent: true,
} as const;
