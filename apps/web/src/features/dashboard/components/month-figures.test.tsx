import { MONEY_FIGURE_LABELS, type MonthFigures } from '@ateliermarkt/contract';
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
 * One 'netto' (docs/decisions/0057): the dashboard's month figures are that month's statement, labelled with the
 * statement's own words, and the text says what netto is: what is paid out.
 */
describe('MonthFiguresTable', () => {
  it('labels the figures as the statement does, netto being what the workshop is paid', () => {
    renderWithProviders(<MonthFiguresTable thisMonth={NOVEMBER} lastMonth={OCTOBER} marketplace={false} />);
    expect(screen.getByRole('rowheader', { name: MONEY_FIGURE_LABELS.net })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: MONEY_FIGURE_LABELS.gross })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: /^Netto( producten| voor je atelier)?$/ })).toBeNull();
    expect(screen.getByText('€257,41')).toBeTruthy();
    expect(screen.getByText(/Dezelfde bedragen als op de afrekening van die maand/)).toBeTruthy();
    expect(screen.getByText(/Netto is wat je wordt uitbetaald\./)).toBeTruthy();
  });

  it("says the marketplace's netto is the workshops'", () => {
    renderWithProviders(<MonthFiguresTable thisMonth={NOVEMBER} lastMonth={OCTOBER} marketplace />);
    expect(screen.getByRole('rowheader', { name: `${MONEY_FIGURE_LABELS.net}, voor de ateliers` })).toBeTruthy();
    expect(screen.getByText(/Netto is wat de ateliers worden uitbetaald\./)).toBeTruthy();
  });
});
