import { z } from 'zod';
import { isValidIban, normalizeIban } from '../common/iban.ts';
import { dayInAmsterdam, EARLIEST_DAY } from '../dates.ts';
import { MESSAGES } from '../messages.ts';

/**
 * Holiday mode (docs/decisions/0038): a period of whole days in Amsterdam, `from` and `to` both
 * included, and a message for the shop's visitors. While it is current the shop takes no reservations for the
 * workshop; while it is current or upcoming the shop's reads carry it, so the shop can announce it.
 */
export const HOLIDAY_MESSAGE_MAX = 500;
export const IBAN_HOLDER_MAX = 70;

/** A holiday as the API answers it: `YYYY-MM-DD` days. */
export const holidaySchema = z.object({ from: z.iso.date(), to: z.iso.date(), message: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;

const isDay = (value: unknown) => z.iso.date().safeParse(value).success;

const day = (required: string) =>
  z.iso
    .date({
      error: (issue) => (issue.input === undefined || issue.input === '' ? required : MESSAGES.dateInvalid),
      abort: true,
    })
    // No year 0000 and the like: the database refuses it (a 500).
    .refine((v) => v >= EARLIEST_DAY, { error: MESSAGES.dateInvalid });

/** A holiday as PUT workspaces/{id} takes it; null (or no period at all on the form) ends holiday mode. */
export const holidayInputSchema = z
  .strictObject({
    from: day(MESSAGES.holidayFromRequired),
    to: day(MESSAGES.holidayToRequired),
    message: z
      .string({ error: MESSAGES.holidayMessageRequired })
      .trim()
      .min(1, { error: MESSAGES.holidayMessageRequired, abort: true })
      .max(HOLIDAY_MESSAGE_MAX, { error: MESSAGES.holidayMessageTooLong(HOLIDAY_MESSAGE_MAX) }),
  })
  .superRefine((h, ctx) => {
    // Zod runs this after field issues too: compare only two real days.
    if (isDay(h.from) && isDay(h.to) && h.from > h.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.holidayToBeforeFrom });
  });
export type HolidayInput = z.input<typeof holidayInputSchema>;

/** The holiday of a workshop's three columns (set and cleared together), or null. */
export const holidayOfColumns = (from: string | null, to: string | null, message: string | null): Holiday | null =>
  from && to ? { from, to, message: message ?? '' } : null;

export type HolidayPhase = 'upcoming' | 'current' | 'over';

/** Where `today` (an Amsterdam day, `YYYY-MM-DD`) stands to the holiday. */
export function holidayPhase(holiday: Pick<Holiday, 'from' | 'to'>, today: string = dayInAmsterdam()): HolidayPhase {
  if (today < holiday.from) return 'upcoming';
  return today <= holiday.to ? 'current' : 'over';
}

/** The holiday the shop announces: a current or upcoming one, none once it is over. */
export const announcedHoliday = (holiday: Holiday | null, today: string = dayInAmsterdam()): Holiday | null =>
  holiday && holidayPhase(holiday, today) !== 'over' ? holiday : null;

/**
 * An IBAN field of a PUT: absent leaves it as it is, empty or null removes it, anything else must pass mod-97 and is
 * stored compact in capitals.
 */
export const ibanField = z
  .string({ error: MESSAGES.ibanInvalid })
  .max(64, { error: MESSAGES.ibanInvalid, abort: true })
  .nullable()
  .transform((v) => (v?.trim() ? v : null))
  .refine((v) => v === null || isValidIban(v), { error: MESSAGES.ibanInvalid })
  .transform((v) => (v === null ? null : normalizeIban(v)));

/** The account holder's name, as it goes into a SEPA payment (at most 70 characters there). */
export const ibanHolderField = z
  .string({ error: MESSAGES.fieldInvalid })
  .trim()
  .max(IBAN_HOLDER_MAX, { error: MESSAGES.ibanHolderTooLong, abort: true })
  .nullable()
  .transform((v) => (v ? v : null));
