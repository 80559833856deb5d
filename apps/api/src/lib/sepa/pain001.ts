import { amsterdamWallClock, isValidIban, normalizeIban } from '@ateliermarkt/contract';
import { sepaId, sepaText, xmlEscape } from './sepa-text.ts';

/**
 * A SEPA credit transfer file, ISO 20022 `pain.001.001.03` as the EPC's implementation guidelines use it
 * for the monthly payouts: one payment (PmtInf) from one account, one transaction (CdtTrfTxInf) per creditor, amounts in
 * euro. Checked against the official schema beside this file (`pain.001.001.03.xsd`, see README.md) in
 * `pain001.test.ts`. Pure: the caller decides who is paid; this writes what a bank reads.
 */

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export type SepaAccount = { name: string; iban: string };

export type SepaTransfer = {
  /** The creditor's reference for this payment, back on their statement: sanitised to 35 SEPA characters. */
  endToEndId: string;
  /** Integer cents, more than 0. */
  amountCents: number;
  creditor: SepaAccount;
  /** Unstructured remittance text (at most 140 characters are kept). */
  remittance?: string;
};

export type CreditTransferInput = {
  /** Unique per file: a bank refuses a file whose MsgId it has seen. Sanitised to 35 SEPA characters. */
  messageId: string;
  createdAt: Date;
  /** `YYYY-MM-DD`: the day the bank should execute the payment. */
  executionDate: string;
  debtor: SepaAccount;
  transfers: readonly SepaTransfer[];
};

/** Integer cents as the file writes an amount: `1234` → `12.34`. */
export function sepaAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The SEPA maximum of one transaction: 999,999,999.99 euro. */
const MAX_AMOUNT_CENTS = 99_999_999_999;

function checkInput(input: CreditTransferInput) {
  if (input.transfers.length === 0) throw new Error('A credit transfer file needs at least one transfer');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.executionDate)) throw new Error('executionDate must be YYYY-MM-DD');
  for (const account of [input.debtor, ...input.transfers.map((transfer) => transfer.creditor)]) {
    if (!isValidIban(account.iban)) throw new Error(`Not a valid IBAN: ${account.iban}`);
  }
  for (const { amountCents } of input.transfers) {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
      throw new Error(`A transfer amount must be whole cents above 0 and within the SEPA maximum: ${amountCents}`);
    }
  }
}

/** The Amsterdam wall-clock time, `2026-11-24T08:05:09`, as the EPC's examples write CreDtTm. */
export const amsterdamDateTime = (date: Date): string => amsterdamWallClock(date).toISOString().slice(0, 19);

/** A name as the EPC allows it (70 characters of the SEPA set); `NOTPROVIDED` when nothing is left. */
const sepaName = (name: string) => sepaText(name, 70) || 'NOTPROVIDED';

/** An element with text or child elements; rendered indented so the operator can read the file. */
type Node = { name: string; attributes?: Record<string, string>; content: string | Node[] };
const el = (name: string, content: string | Node[], attributes?: Record<string, string>): Node => ({
  name,
  content,
  attributes,
});

function render(node: Node, depth = 0): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${xmlEscape(value)}"`)
    .join('');
  const open = `${indent}<${node.name}${attributes}>`;
  if (typeof node.content === 'string') return `${open}${xmlEscape(node.content)}</${node.name}>`;
  const children = node.content.map((child) => render(child, depth + 1)).join('\n');
  return `${open}\n${children}\n${indent}</${node.name}>`;
}

const account = (iban: string) => [el('Id', [el('IBAN', normalizeIban(iban))])];

function transaction(transfer: SepaTransfer): Node {
  const remittance = transfer.remittance === undefined ? '' : sepaText(transfer.remittance, 140);
  return el('CdtTrfTxInf', [
    el('PmtId', [el('EndToEndId', sepaId(transfer.endToEndId))]),
    el('Amt', [el('InstdAmt', sepaAmount(transfer.amountCents), { Ccy: 'EUR' })]),
    el('Cdtr', [el('Nm', sepaName(transfer.creditor.name))]),
    el('CdtrAcct', account(transfer.creditor.iban)),
    ...(remittance ? [el('RmtInf', [el('Ustrd', remittance)])] : []),
  ]);
}

/** The file, UTF-8 XML. Throws on input a bank would refuse (no transfers, a bad IBAN, an amount of 0 or less). */
export function creditTransferXml(input: CreditTransferInput): string {
  checkInput(input);
  const messageId = sepaId(input.messageId);
  const count = String(input.transfers.length);
  const controlSum = sepaAmount(input.transfers.reduce((sum, transfer) => sum + transfer.amountCents, 0));
  const debtorName = sepaName(input.debtor.name);
  const header = el('GrpHdr', [
    el('MsgId', messageId),
    el('CreDtTm', amsterdamDateTime(input.createdAt)),
    el('NbOfTxs', count),
    el('CtrlSum', controlSum),
    el('InitgPty', [el('Nm', debtorName)]),
  ]);
  const payment = el('PmtInf', [
    el('PmtInfId', sepaId(`${messageId}-1`)),
    el('PmtMtd', 'TRF'),
    el('NbOfTxs', count),
    el('CtrlSum', controlSum),
    el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])]),
    el('ReqdExctnDt', input.executionDate),
    el('Dbtr', [el('Nm', debtorName)]),
    el('DbtrAcct', account(input.debtor.iban)),
    // No BIC is asked of the operator: IBAN-only is SEPA's rule since 2016, and NOTPROVIDED the EPC's word for none.
    el('DbtrAgt', [el('FinInstnId', [el('Othr', [el('Id', 'NOTPROVIDED')])])]),
    el('ChrgBr', 'SLEV'),
    ...input.transfers.map(transaction),
  ]);
  const document = el('Document', [el('CstmrCdtTrfInitn', [header, payment])], { xmlns: PAIN_001_NAMESPACE });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(document)}\n`;
}
