import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { STATUS } from './reservation-machine.ts';
import {
  RESERVATION_LIST_FILTERS,
  reservationCountsQuerySchema,
  reservationFilterLabel,
  reservationListQuerySchema,
  statusOfFilter,
} from './reservations.schema.ts';

describe("the reservations overview's tabs", () => {
  it('start with the two main views, then one per status, then all, each with its own name', () => {
    expect(RESERVATION_LIST_FILTERS.slice(0, 2)).toEqual(['open', 'closed']);
    expect(RESERVATION_LIST_FILTERS.at(-1)).toBe('all');
    const statusTabs = RESERVATION_LIST_FILTERS.map(statusOfFilter).filter((s) => s !== undefined);
    expect([...statusTabs].sort()).toEqual(Object.values(STATUS).sort());
    const labels = RESERVATION_LIST_FILTERS.map(reservationFilterLabel);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.slice(0, 2)).toEqual(['Openstaande', 'Afgeronde']);
  });
});

describe('the list query', () => {
  it('reads search, dates and the amount sort; an empty search is none', () => {
    expect(
      reservationListQuerySchema.parse({
        search: '  jan ',
        from: '2026-03-01',
        to: '2026-03-01',
        sorting: 'amount desc',
      }),
    ).toEqual({
      status: 'all',
      search: 'jan',
      from: '2026-03-01',
      to: '2026-03-01',
      sorting: { field: 'amount', direction: 'desc' },
    });
    expect(reservationCountsQuerySchema.parse({ search: '   ' })).toEqual({ search: undefined });
  });

  it('refuses an unknown parameter, a wrong date and a range that ends before it starts, in Dutch', () => {
    const messages = (input: unknown) =>
      reservationListQuerySchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([MESSAGES.dateRangeInvalid]);
    expect(messages({ from: '1-3-2026' })).toEqual([MESSAGES.dateInvalid]);
    expect(reservationCountsQuerySchema.safeParse({ status: 'open' }).success).toBe(false);
    expect(reservationListQuerySchema.safeParse({ zoek: 'x' }).success).toBe(false);
  });
});
