import { ApiError } from './api-client.ts';

type FormWithErrors = { setFieldError: (path: string, error: string) => void };

/**
 * Puts the server's field errors (validationErrors[].members) on the form fields it knows.
 * Returns true when at least one error landed on a field.
 */
export function applyServerFieldErrors(form: FormWithErrors, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const validationError of error.validationErrors) {
    for (const member of validationError.members) {
      const field = fields.find((f) => f.toLowerCase() === member.toLowerCase());
      if (field) {
        form.setFieldError(field, validationError.message);
        applied = true;
      }
    }
  }
  return applied;
}
