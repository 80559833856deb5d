import { normalizeIban } from './iban.ts';

/**
 * Which changes need the current password (or second factor) in the same request: the web forms ask
 * for it when one of these changed, the server refuses the change without it.
 */
const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

export function emailNeedsReconfirmation(before: string | null | undefined, after: string | null | undefined) {
  return !sameAddress(before, after);
}

type WorkshopIdentity = { email: string | null; iban?: string | null; ibanHolder?: string | null };

/** A workshop's e-mail address, IBAN or holder changed. */
export function workshopNeedsReconfirmation(before: WorkshopIdentity, after: WorkshopIdentity) {
  const iban = (v: string | null | undefined) => (v ? normalizeIban(v) : '');
  return (
    !sameAddress(before.email, after.email) ||
    (after.iban !== undefined && iban(before.iban) !== iban(after.iban)) ||
    (after.ibanHolder !== undefined && (before.ibanHolder ?? '').trim() !== (after.ibanHolder ?? '').trim())
  );
}

/** What a request carries to re-confirm: the current password, or a code of the second factor. */
export type Reconfirmation = { currentPassword?: string; confirmCode?: string };
