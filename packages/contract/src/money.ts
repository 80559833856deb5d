import { FEE_PERCENT, TAX_PERCENT } from './constants.ts';

/** Euro as the back-office shows it: `€1.234,56`, `-€1,00` (Intl puts a space after the symbol, so we build it). */
export function formatEuro(amount: number): string {
  const cents = Math.round(amount * 100);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}€${whole},${fraction}`;
}

/**
 * Reads a Dutch or English decimal: `12,50`, `12.50`, `1.234,56`, `€ 12`. Returns null for anything else.
 * A single separator followed by exactly three digits is read as a thousands separator only when the other
 * separator is also present; `12.500` is twelve and a half, as a Dutch user typing a price with a dot means.
 */
export function parseDecimal(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  let s = input.replace(/[€\s]/g, '');
  if (s === '') return null;
  if (s.includes(',') && s.includes('.')) {
    // The last separator is the decimal one.
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else {
    s = s.replace(',', '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export type PriceBreakdown = { price: number; tax: number; fee: number; net: number };

/**
 * What roundCents adds before it rounds. A half cent computed in doubles can come out a hair under the half: a fee
 * of 5,515,500 cents at 16.9 % BTW is 932,119.5 cents, computed as 932,119.4999999999, and it must round up. Each
 * part is a whole number of cents times a percentage of at most two decimals (the database keeps two), so a value
 * that is not a half lies at least 0.000025 cent from one (the tax is gross × T / (10,000 + T), the fee and its BTW
 * cents × P / 10,000, with T and P whole): a millionth of a cent lifts every half that the doubles put just under
 * it and no other value, for amounts far beyond any reservation's (the doubles' error there is under 10^-8 cent).
 */
export const HALF_CENT_NUDGE = 1e-6;

/** Rounds half away from zero to whole cents, on a value already in cents. */
function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value) + HALF_CENT_NUDGE);
}

export type CentsBreakdown = {
  grossCents: number;
  taxCents: number;
  /** The platform's fee without BTW. */
  feeCents: number;
  /** The BTW on the fee: the fee is the platform's own service to the workshop. */
  feeVatCents: number;
  netCents: number;
};

/**
 * The price calculation on a whole amount in integer cents (one statement line: unit price × quantity) with the line's own tax and
 * fee percent: tax = gross − gross / (1 + tax%); fee = (gross − tax) × fee% / 100; then the BTW on that fee (issue
 * 23.2, docs/decisions/0054): feeVat = fee × feeVat% / 100; net = gross − tax − fee − feeVat. Tax, fee and its BTW are
 * rounded half-up to cents, net is the rest, so the parts always add up to the gross exactly. A KOR workshop's line
 * has tax 0 %; a line placed before the fee carried BTW has feeVat 0 %.
 */
export function calculateCents(
  grossCents: number,
  taxPercent: number,
  feePercent: number,
  feeVatPercent = 0,
): CentsBreakdown {
  const taxCents = roundCents(grossCents - grossCents / (1 + taxPercent / 100));
  const feeCents = roundCents(((grossCents - taxCents) * feePercent) / 100);
  const feeVatCents = roundCents((feeCents * feeVatPercent) / 100);
  return { grossCents, taxCents, feeCents, feeVatCents, netCents: grossCents - taxCents - feeCents - feeVatCents };
}

/**
 * Tax = price − price / (1 + tax%); fee = (price − tax) × fee% / 100; net = price − tax − fee.
 * Computed in cents, each part rounded half-up, so the three parts always add up to the price.
 */
export function calculatePrice(
  price: number,
  taxPercent: number = TAX_PERCENT,
  feePercent: number = FEE_PERCENT,
): PriceBreakdown {
  const {
    grossCents: priceCents,
    taxCents,
    feeCents,
    netCents,
  } = calculateCents(toCents(price), taxPercent, feePercent);
  return {
    price: fromCents(priceCents),
    tax: fromCents(taxCents),
    fee: fromCents(feeCents),
    net: fromCents(netCents),
  };
}
