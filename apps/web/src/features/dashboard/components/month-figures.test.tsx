import type { MonthFigures } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { MonthFiguresTable } from './month-figures.tsx';

const OCTOBER: MonthFigures = {
  month: '2026-10',
  reservations: 4,
  revenue: 300,
  vat: 52.07,
  platformFee: 62,
  net: 257.41,
};
const NOVEMBER: MonthFigures = {
  month: '2026-11',
  reservations: 1,
  revenue: 50,
  vat: 8.68,
  platformFee: 10.33,
  net: 30.99,
};

/**
 * Issue 27.5: two 'netto' for one month (the dashboard's €257,41 against the statement's €287,04, which holds the
 * delivery costs). The dashboard's row names what it is, products only, and says where the paid net stands.
 */
describe('MonthFiguresTable', () => {
  it("calls the products' net what it is, and points to the statement for what is paid", () => {
    renderWithProviders(<MonthFiguresTable thisMonth={NOVEMBER} lastMonth={OCTOBER} marketplace={false} />);
    expect(screen.getByRole('rowheader', { name: 'Netto producten' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /^Netto( voor je atelier)?$/ })).toBeNull();
    expect(screen.getByText('€257,41')).toBeTruthy();
    expect(
      screen.getByText(/Wat je wordt uitbetaald staat op je afrekening: daar tellen de verzendkosten mee\./),
    ).toBeTruthy();
  });

  it("says the marketplace's net is the workshops' products", () => {
    renderWithProviders(<MonthFiguresTable thisMonth={NOVEMBER} lastMonth={OCTOBER} marketplace />);
    expect(screen.getByRole('rowheader', { name: 'Netto producten voor de ateliers' })).toBeTruthy();
  });
});
