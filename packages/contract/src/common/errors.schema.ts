import { z } from 'zod';

/** The one error envelope of every failed call (ABP style). */
export const validationErrorSchema = z.object({
  message: z.string(),
  members: z.array(z.string()),
});

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string().nullable(),
    message: z.string(),
    details: z.string().nullable(),
    validationErrors: z.array(validationErrorSchema).nullable(),
  }),
  /** Only on log-in failures: the code the log-in screen maps to text. */
  description: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ValidationError = z.infer<typeof validationErrorSchema>;
