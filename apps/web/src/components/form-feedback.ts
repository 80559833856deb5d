import { MESSAGES } from '@ateliermarkt/contract';
import type { FormEvent, ReactNode } from 'react';
import { announce } from './live-region.tsx';

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea, select, button:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** Mantine's error text under a field or group; `data-field-error` for a field that shows its error itself. */
const ERROR_TEXT = '.mantine-InputWrapper-error, [data-field-error]';

/**
 * The first field inside `root` that shows an error, in the order of the page: an input marked `aria-invalid`, or the
 * first control of a group (checkboxes, an image field) whose error text is shown.
 */
function firstInvalid(root: HTMLElement): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  const errorText = root.querySelector<HTMLElement>(ERROR_TEXT);
  const group = errorText?.closest<HTMLElement>('.mantine-InputWrapper-root, [data-field]') ?? null;
  const groupFirst = group && (!invalid || invalid.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_PRECEDING);
  const field = groupFirst ? (group.querySelector<HTMLElement>(FOCUSABLE) ?? invalid) : invalid;
  return field;
}

/** The field's name as the form shows it (a group's label for a check box in it), without a required one's asterisk. */
function fieldName(field: HTMLElement): string {
  const wrapperLabel = field
    .closest('.mantine-InputWrapper-root, [data-field]')
    ?.querySelector('.mantine-InputWrapper-label')?.textContent;
  const labelledBy = field.getAttribute('aria-labelledby');
  const byId = labelledBy
    ?.split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
  const label =
    wrapperLabel ||
    byId ||
    field.getAttribute('aria-label') ||
    (field as HTMLInputElement).labels?.[0]?.textContent ||
    '';
  return label.replace(/\s*\*\s*$/, '').trim();
}

/**
 * After a failed check: says aloud that the form needs attention and which field comes first, and puts focus on it
 * (a screen reader then reads its label and its error). The reason itself is not repeated in the announcement: it is
 * read with the field. Waits a frame: the errors are set in state and reach the page on the next render.
 * `onNoField` runs instead when no field of `root` shows an error then.
 */
export function reportInvalidForm(
  root: HTMLElement | null | undefined,
  errors: Record<string, ReactNode>,
  onNoField?: () => void,
): void {
  const messages = Object.values(errors).filter((m): m is string => typeof m === 'string' && m.length > 0);
  if (!root || messages.length === 0) return;
  requestAnimationFrame(() => {
    const field = firstInvalid(root);
    if (!field && onNoField) return onNoField();
    announce(MESSAGES.formInvalid(messages.length, field ? fieldName(field) : ''));
    if (!field) return;
    field.focus();
    field.scrollIntoView?.({ block: 'center' });
  });
}

/**
 * The second argument of Mantine's `form.onSubmit(save, onInvalidForm)`: every form passes it, so a failed check is
 * announced and focus lands on the first field to fix.
 */
export function onInvalidForm(
  errors: Record<string, ReactNode>,
  _values: unknown,
  event?: FormEvent<HTMLFormElement>,
): void {
  reportInvalidForm(event?.currentTarget, errors);
}
