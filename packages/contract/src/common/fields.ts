import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** A required text: trimmed, with the given Dutch message when empty or missing. */
export function requiredText(message: string, max = 256) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Maximaal ${max} tekens`, abort: true });
}

/** An optional text: empty becomes null. */
export function optionalText(max = 256) {
  return z
    .string({ error: MESSAGES.fieldInvalid })
    .trim()
    .max(max, { error: `Maximaal ${max} tekens`, abort: true })
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * Something, an @, a domain with a dot after its first label. The domain's first label has no dot, so each character
 * can be matched one way only: linear time (`[^\s@]+\.[^\s@]+` backtracked quadratically on a run of dots).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+\.[^\s@]+$/;

/**
 * E-mail with two Dutch messages (required, well-formed with the address quoted). Every check before the
 * pattern aborts, so the pattern only ever reads at most 256 characters and the message never quotes more.
 */
export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired, abort: true })
  .max(256, { error: 'Maximaal 256 tekens', abort: true })
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), {
    error: (issue) => MESSAGES.emailInvalid(String(issue.input)),
    abort: true,
  });

/** Length-only password rule, as the client enforces it. */
export function passwordField(required: string, length: string) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .min(PASSWORD_MIN, { error: length })
    .max(PASSWORD_MAX, { error: length, abort: true });
}

/** The server's stronger rule: length plus a digit, a letter and a special character. */
export const strongPasswordField = passwordField(MESSAGES.passwordRequired, MESSAGES.passwordLength).refine(
  (v) => /\d/.test(v) && /\p{L}/u.test(v) && /[^\p{L}\d]/u.test(v),
  { error: MESSAGES.passwordComplexity },
);

export const uuid = z.uuid({ error: MESSAGES.fieldInvalid });

/**
 * The fields of a GET that the matching PUT or POST accepts back although the caller may not change them
 * (the round-trip rule, docs/decisions/0022): optional and typed as the GET types them. The server ignores one that is
 * unchanged and refuses a change with 403 naming it.
 */
export function readOnlyFields<S extends Record<string, z.ZodType>, K extends keyof S & string>(
  shape: S,
  keys: readonly K[],
): { [P in K]: z.ZodOptional<S[P]> } {
  return Object.fromEntries(keys.map((k) => [k, (shape[k] as z.ZodType).optional()])) as {
    [P in K]: z.ZodOptional<S[P]>;
  };
}

/** A Dutch zip code (`1234 AB`, also typed `1234ab`), stored as `1234 AB`; empty is none. */
export function optionalZipCode() {
  return z
    .string({ error: MESSAGES.zipCodeInvalid })
    .trim()
    .max(16, { error: MESSAGES.zipCodeInvalid, abort: true })
    .toUpperCase()
    .refine((v) => v === '' || /^[1-9]\d{3}\s?[A-Z]{2}$/.test(v), { error: MESSAGES.zipCodeInvalid })
    .nullish()
    .transform((v) => (v ? `${v.slice(0, 4)} ${v.slice(-2)}` : null));
}

/**
 * The re-confirmation a change of what moves money or identity carries in the same request: the current
 * password, or a code of the second factor once it is on. Both absent on a form that changes nothing of that kind.
 */
export const reconfirmFields = {
  currentPassword: z.string({ error: MESSAGES.fieldInvalid }).max(256).optional(),
  confirmCode: z.string({ error: MESSAGES.fieldInvalid }).max(64).optional(),
};
