import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { NextPayout } from './next-payout.tsx';

/** The workshop's home says what it will be paid, from when, and when the last payout went out. */
describe('NextPayout', () => {
  it('shows the amount, the month and day, and the last payout', () => {
    renderWithProviders(
      <NextPayout
        payout={{
          month: '2026-10',
          netCents: 28704,
          payableFrom: '2026-11-01',
          lastPayoutAt: '2026-10-02T09:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Volgende uitbetaling' })).toBeTruthy();
    expect(screen.getByText('€287,04')).toBeTruthy();
    expect(screen.getByText('Je afrekening van oktober 2026, uit te betalen vanaf 01-11-2026.')).toBeTruthy();
    expect(screen.getByText(/Laatste uitbetaling: 02-10-2026\./)).toBeTruthy();
    expect(screen.getByText(/plus de verzendkosten/)).toBeTruthy();
  });

  it('says so before the first payout', () => {
    renderWithProviders(
      <NextPayout payout={{ month: '2026-11', netCents: 0, payableFrom: '2026-12-01', lastPayoutAt: null }} />,
    );
    expect(screen.getByText(/Er is nog geen uitbetaling gedaan\./)).toBeTruthy();
  });
});
