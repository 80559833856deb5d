import { isValidIban } from '@ateliermarkt/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sepaAmount } from '../../lib/sepa/pain001.ts';
import { dutchIban, PLATFORM_ACCOUNT } from '../../lib/sepa/sepa-fixtures.ts';
import { pain001SchemaErrors } from '../../test/pain001-schema.ts';
import { monthHasEnded, type PayoutWorkshop, payoutFileXml, payoutPreview, planPayouts } from './payout-plan.ts';

const workshop = (overrides: Partial<PayoutWorkshop>): PayoutWorkshop => ({
  tenantId: 't',
  workshopName: 'Atelier',
  creditorNumber: null,
  netCents: 1000,
  iban: 'NL91ABNA0417164300',
  ibanHolder: null,
  ...overrides,
});

/** Every value of `tag` in the document, in order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

const NOW = new Date('2026-12-01T08:00:00Z');

describe('monthHasEnded', () => {
  it('is true from the first Amsterdam midnight after the month', () => {
    expect(monthHasEnded('2026-11', new Date('2026-11-30T22:59:59Z'))).toBe(false);
    expect(monthHasEnded('2026-11', new Date('2026-11-30T23:00:00Z'))).toBe(true);
    expect(monthHasEnded('2026-12', NOW)).toBe(false);
    expect(monthHasEnded('2027-01', NOW)).toBe(false);
    expect(monthHasEnded('1999-12', NOW)).toBe(true);
  });
});

describe('planPayouts', () => {
  it('pays each workshop with a positive net and an IBAN, and says why the others are left out', () => {
    const plan = planPayouts([
      workshop({ tenantId: 'a', netCents: 12_345, iban: 'nl02 abna 0123 4567 89', ibanHolder: '  J. de Klei ' }),
      workshop({ tenantId: 'b', netCents: 500, iban: null }),
      workshop({ tenantId: 'c', netCents: 500, iban: '  ' }),
      workshop({ tenantId: 'd', netCents: 500, iban: 'NL91ABNA0417164301' }),
      workshop({ tenantId: 'e', netCents: 0 }),
      workshop({ tenantId: 'f', netCents: -2_000, iban: null }),
      workshop({ tenantId: 'g', netCents: 1, workshopName: 'Glas & Zo', ibanHolder: '' }),
    ]);
    expect(plan.transfers.map((t) => [t.tenantId, t.iban, t.accountHolder, t.amountCents])).toEqual([
      ['a', 'NL02ABNA0123456789', 'J. de Klei', 12_345],
      ['g', 'NL91ABNA0417164300', 'Glas & Zo', 1],
    ]);
    expect(plan.skipped.map((s) => [s.tenantId, s.reason])).toEqual([
      ['b', 'noIban'],
      ['c', 'noIban'],
      ['d', 'invalidIban'],
      ['e', 'nothingToPay'],
      ['f', 'nothingToPay'],
    ]);
    expect(plan.totalCents).toBe(12_346);
    const preview = payoutPreview('2026-11', PLATFORM_ACCOUNT, plan, NOW);
    expect(preview.monthEnded).toBe(true);
    expect(preview.totalCents).toBe(12_346);
    expect(preview.numberOfTransfers).toBe(2);
    expect(preview.transfers[0]?.amountCents).toBe(12_345);
    expect(preview.skipped.find((s) => s.tenantId === 'f')?.netCents).toBe(-2_000);
  });

  it('writes the file from the platform account with the creditor number as end-to-end reference', async () => {
    const plan = planPayouts([
      workshop({ tenantId: 'a', creditorNumber: 'CRED 0042', workshopName: 'De Draaischijf', netCents: 7_550 }),
      workshop({ tenantId: 'b', creditorNumber: null, netCents: 25 }),
    ]);
    const xml = payoutFileXml({ month: '2026-11', platform: PLATFORM_ACCOUNT, plan, now: NOW, unique: 'X1Y2Z3' });
    expect(values(xml, 'MsgId')).toEqual(['AM-2026-11-20261201090000-X1Y2Z3']);
    expect(values(xml, 'ReqdExctnDt')).toEqual(['2026-12-01']);
    expect(values(xml, 'EndToEndId')).toEqual(['CRED-0042', 'NOTPROVIDED']);
    expect(values(xml, 'Ustrd')).toEqual([
      'Uitbetaling Ateliermarkt november 2026, crediteurnummer CRED 0042',
      'Uitbetaling Ateliermarkt november 2026',
    ]);
    expect(values(xml, 'CtrlSum')).toEqual(['75.75', '75.75']);
    expect(await pain001SchemaErrors(xml)).toEqual([]);
  });

  it('for random workshop totals: CtrlSum is the sum of the included nets, NbOfTxs their count, each net positive', async () => {
    const anyWorkshop = fc.record({
      tenantId: fc.uuid(),
      workshopName: fc.string({ minLength: 1, maxLength: 64 }),
      creditorNumber: fc.option(fc.string({ maxLength: 40 }), { nil: null }),
      netCents: fc.integer({ min: -200_000, max: 10_000_000 }),
      iban: fc.oneof(
        dutchIban,
        dutchIban,
        dutchIban,
        fc.constant(null),
        fc.constant(''),
        fc.constant('NL00ABNA0000000000'),
      ),
      ibanHolder: fc.option(fc.string({ maxLength: 80 }), { nil: null }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(anyWorkshop, { maxLength: 15 }), async (workshops) => {
        const plan = planPayouts(workshops);
        const payable = workshops.filter((w) => w.netCents > 0 && w.iban !== null && isValidIban(w.iban));
        expect(plan.transfers.map((t) => t.tenantId)).toEqual(payable.map((w) => w.tenantId));
        expect(plan.transfers.every((t) => t.amountCents > 0)).toBe(true);
        expect(plan.totalCents).toBe(payable.reduce((sum, w) => sum + w.netCents, 0));
        expect(plan.transfers.length + plan.skipped.length).toBe(workshops.length);
        if (plan.transfers.length === 0) return;
        const xml = payoutFileXml({ month: '2026-11', platform: PLATFORM_ACCOUNT, plan, now: NOW, unique: 'R' });
        const count = String(plan.transfers.length);
        expect(values(xml, 'NbOfTxs')).toEqual([count, count]);
        expect(values(xml, 'CtrlSum')).toEqual([sepaAmount(plan.totalCents), sepaAmount(plan.totalCents)]);
        const amounts = values(xml, 'InstdAmt').map((amount) => Math.round(Number(amount) * 100));
        expect(amounts.every((cents) => cents > 0)).toBe(true);
        expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(plan.totalCents);
      }),
      { numRuns: 200 },
    );
    // The schema check is slower (a worker per document): a smaller sample of the same generator.
    await fc.assert(
      fc.asyncProperty(fc.array(anyWorkshop, { minLength: 1, maxLength: 15 }), async (workshops) => {
        const plan = planPayouts(workshops);
        if (plan.transfers.length === 0) return;
        const xml = payoutFileXml({ month: '2026-11', platform: PLATFORM_ACCOUNT, plan, now: NOW, unique: 'R' });
        expect(await pain001SchemaErrors(xml)).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
