import { isValidIban } from '@ateliermarkt/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pain001SchemaErrors } from '../../test/pain001-schema.ts';
import { type CreditTransferInput, creditTransferXml, sepaAmount } from './pain001.ts';
import { dutchIban, ibanOf, PLATFORM_ACCOUNT } from './sepa-fixtures.ts';

const input = (overrides: Partial<CreditTransferInput> = {}): CreditTransferInput => ({
  messageId: 'AM-2026-11-0001',
  createdAt: new Date('2026-12-01T08:05:09Z'),
  executionDate: '2026-12-02',
  debtor: PLATFORM_ACCOUNT,
  transfers: [
    {
      endToEndId: 'CRED-0001',
      amountCents: 12_345,
      creditor: { name: 'De Draaischijf', iban: 'NL02 abna 0123 4567 89' },
      remittance: 'Uitbetaling november 2026',
    },
    {
      endToEndId: 'CRED-0002',
      amountCents: 5,
      creditor: { name: 'Glasatelier Helder', iban: 'DE89370400440532013000' },
    },
  ],
  ...overrides,
});

/** Every value of `tag` in the document, in order. */
const values = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

describe('creditTransferXml', () => {
  it('is valid against the official pain.001.001.03 schema', async () => {
    const xml = creditTransferXml(input());
    expect(await pain001SchemaErrors(xml)).toEqual([]);
  });

  it('the schema check refuses a document without NbOfTxs in its group header, and one with a bad amount', async () => {
    const xml = creditTransferXml(input());
    const withoutCount = xml.replace(/<NbOfTxs>2<\/NbOfTxs>/, '');
    expect(withoutCount).not.toBe(xml);
    const errors = await pain001SchemaErrors(withoutCount);
    expect(errors.join('\n')).toMatch(/GrpHdr|CtrlSum|InitgPty/);
    expect(errors.join('\n')).toContain('NbOfTxs');
    expect(await pain001SchemaErrors(xml.replace('>123.45<', '>12,345<'))).not.toEqual([]);
    expect(await pain001SchemaErrors(xml.replace('<MsgId>AM-2026-11-0001', '<MsgId>x'.repeat(40)))).not.toEqual([]);
  });

  it('writes the header, the payment from the platform and one transaction per creditor', () => {
    const xml = creditTransferXml(input());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">',
      ),
    ).toBe(true);
    expect(values(xml, 'MsgId')).toEqual(['AM-2026-11-0001']);
    expect(values(xml, 'CreDtTm')).toEqual(['2026-12-01T09:05:09']);
    expect(values(xml, 'NbOfTxs')).toEqual(['2', '2']);
    expect(values(xml, 'CtrlSum')).toEqual(['123.50', '123.50']);
    expect(values(xml, 'PmtMtd')).toEqual(['TRF']);
    expect(values(xml, 'Cd')).toEqual(['SEPA']);
    expect(values(xml, 'ReqdExctnDt')).toEqual(['2026-12-02']);
    expect(values(xml, 'ChrgBr')).toEqual(['SLEV']);
    expect(values(xml, 'Nm')).toEqual([
      'Ateliermarkt B.V.',
      'Ateliermarkt B.V.',
      'De Draaischijf',
      'Glasatelier Helder',
    ]);
    expect(values(xml, 'IBAN')).toEqual(['NL91ABNA0417164300', 'NL02ABNA0123456789', 'DE89370400440532013000']);
    expect(values(xml, 'EndToEndId')).toEqual(['CRED-0001', 'CRED-0002']);
    expect(values(xml, 'InstdAmt')).toEqual(['123.45', '0.05']);
    expect(xml).toContain('<InstdAmt Ccy="EUR">123.45</InstdAmt>');
    expect(values(xml, 'Ustrd')).toEqual(['Uitbetaling november 2026']);
    expect(values(xml, 'Id')).toContain('NOTPROVIDED');
  });

  it('puts names and references in the SEPA character set, escaped, and stays valid', async () => {
    const xml = creditTransferXml(
      input({
        messageId: 'AM 2026/11 <één>',
        debtor: { name: 'Atelier & Markt "Ü" <b>', iban: PLATFORM_ACCOUNT.iban },
        transfers: [
          {
            endToEndId: 'Crediteur 0042 / Zoë',
            amountCents: 100,
            creditor: { name: "L'Atelier d'Élodie ∞ 陶器", iban: ibanOf('NL', 'RABO0123456789') },
            remittance: `Uitbetaling <script>&${'x'.repeat(200)}`,
          },
        ],
      }),
    );
    expect(values(xml, 'MsgId')).toEqual(['AM-2026/11-een']);
    expect(values(xml, 'Nm')[0]).toBe('Atelier + Markt &apos;U&apos; b');
    expect(values(xml, 'Nm')[2]).toBe('L&apos;Atelier d&apos;Elodie');
    expect(values(xml, 'EndToEndId')).toEqual(['Crediteur-0042-/-Zoe']);
    expect(values(xml, 'Ustrd')[0]).toHaveLength(140);
    expect(xml).not.toContain('<script>');
    expect(await pain001SchemaErrors(xml)).toEqual([]);
  });

  it('refuses what a bank would refuse', () => {
    const transfer = input().transfers[0];
    if (!transfer) throw new Error('fixture');
    expect(() => creditTransferXml(input({ transfers: [] }))).toThrow(/at least one/);
    expect(() => creditTransferXml(input({ transfers: [{ ...transfer, amountCents: 0 }] }))).toThrow(/above 0/);
    expect(() => creditTransferXml(input({ transfers: [{ ...transfer, amountCents: -1 }] }))).toThrow(/above 0/);
    expect(() => creditTransferXml(input({ transfers: [{ ...transfer, amountCents: 1.5 }] }))).toThrow(/whole cents/);
    expect(() =>
      creditTransferXml(input({ transfers: [{ ...transfer, creditor: { name: 'X', iban: 'NL91ABNA0417164301' } }] })),
    ).toThrow(/IBAN/);
    expect(() => creditTransferXml(input({ debtor: { name: 'X', iban: '' } }))).toThrow(/IBAN/);
    expect(() => creditTransferXml(input({ executionDate: '2-12-2026' }))).toThrow(/YYYY-MM-DD/);
  });

  it('sepaAmount writes whole cents with two decimals', () => {
    expect([0, 5, 99, 100, 12_345, 99_999_999_999].map(sepaAmount)).toEqual([
      '0.00',
      '0.05',
      '0.99',
      '1.00',
      '123.45',
      '999999999.99',
    ]);
  });

  it('for any creditors: schema-valid, NbOfTxs is their count and CtrlSum the sum of their amounts', async () => {
    const transfer = fc.record({
      endToEndId: fc.string({ maxLength: 50 }),
      amountCents: fc.integer({ min: 1, max: 5_000_000 }),
      creditor: fc.record({ name: fc.string({ maxLength: 90 }), iban: dutchIban }),
      remittance: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(transfer, { minLength: 1, maxLength: 12 }), async (transfers) => {
        expect(transfers.every((t) => isValidIban(t.creditor.iban))).toBe(true);
        const xml = creditTransferXml(input({ transfers }));
        const sum = transfers.reduce((total, t) => total + t.amountCents, 0);
        expect(values(xml, 'NbOfTxs')).toEqual([String(transfers.length), String(transfers.length)]);
        expect(values(xml, 'CtrlSum')).toEqual([sepaAmount(sum), sepaAmount(sum)]);
        expect(values(xml, 'InstdAmt')).toEqual(transfers.map((t) => sepaAmount(t.amountCents)));
        expect(await pain001SchemaErrors(xml)).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
