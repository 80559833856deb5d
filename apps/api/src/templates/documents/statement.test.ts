import type { WorkshopStatement } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import { statementMonthName, statementText } from './statement.ts';

const statement: WorkshopStatement = {
  tenantId: 't1',
  workshopName: 'De Draaischijf',
  creditorNumber: 'CR-1001',
  lines: [
    {
      reservationId: 'r1',
      orderNumber: 'AM-100001',
      kind: 'sale',
      at: '2026-03-31T21:30:00.000Z',
      description: 'Vaas Zeegroen',
      productNumber: '0001',
      quantity: 2,
      taxPercent: 21,
      feePercent: 25,
      feeVatPercent: 21,
      grossCents: 12100,
      taxCents: 2100,
      feeCents: 2500,
      feeVatCents: 525,
      netCents: 6975,
    },
    {
      reservationId: 'r2',
      orderNumber: 'AM-100002',
      kind: 'return',
      at: '2026-03-02T10:00:00.000Z',
      description: 'Verzendkosten',
      productNumber: null,
      quantity: 1,
      taxPercent: 9.5,
      feePercent: 0,
      feeVatPercent: 0,
      grossCents: -450,
      taxCents: -39,
      feeCents: 0,
      feeVatCents: 0,
      netCents: -411,
    },
  ],
  totals: { grossCents: 11650, taxCents: 2061, feeCents: 2500, feeVatCents: 525, netCents: 6564 },
};

describe('the monthly statement PDF text', () => {
  it('names the month in Dutch', () => {
    expect(statementMonthName('2026-03')).toBe('maart 2026');
    expect(statementMonthName('2026-12')).toBe('december 2026');
  });

  it('has the workshop, its creditor number, every line and the totals in euro format', () => {
    const text = statementText(statement, '2026-04');
    expect(text.fileName).toBe('afrekening-de-draaischijf-2026-04.pdf');
    expect(text.heading).toBe('Afrekening april 2026');
    expect(text.facts).toEqual([
      ['Atelier', 'De Draaischijf'],
      ['Crediteurnummer', 'CR-1001'],
      ['Periode', 'april 2026'],
    ]);
    expect(text.rows).toEqual([
      // 23:30 in Amsterdam on 31 March.
      [
        '31-03-2026',
        'AM-100001',
        'Vaas Zeegroen',
        '2',
        '21%',
        '25%',
        '€121,00',
        '€21,00',
        '€25,00',
        '€5,25',
        '€30,25',
        '€69,75',
      ],
      [
        '02-03-2026',
        'AM-100002',
        'Retour: Verzendkosten',
        '1',
        '9,5%',
        '0%',
        '-€4,50',
        '-€0,39',
        '€0,00',
        '€0,00',
        '€0,00',
        '-€4,11',
      ],
    ]);
    expect(text.totals).toEqual([
      'Totaal',
      '',
      '',
      '',
      '',
      '',
      '€116,50',
      '€20,61',
      '€25,00',
      '€5,25',
      '€30,25',
      '€65,64',
    ]);
    expect(text.notes.at(-1)).toBe('Uit te betalen (netto): €65,64');
  });
});
