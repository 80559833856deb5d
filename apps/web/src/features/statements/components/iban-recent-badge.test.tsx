import type { PayoutPreview, PayoutTransfer } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { IbanRecentBadge, RecentIbanChanges } from './iban-recent-badge.tsx';
import { PayoutsSection } from './payouts-section.tsx';

const NOW = new Date('2026-11-24T08:00:00Z');
const transfer = (workshopName: string, ibanChangedAt: string | null): PayoutTransfer => ({
  tenantId: workshopName,
  workshopName,
  creditorNumber: null,
  accountHolder: workshopName,
  iban: 'NL91ABNA0417164300',
  amountCents: 1_000,
  ibanChangedAt,
});

describe('IbanRecentBadge', () => {
  it('marks a change of the last 14 days, not an older or unknown one', () => {
    const { unmount } = renderWithProviders(<IbanRecentBadge changedAt="2026-11-20T10:00:00.000Z" now={NOW} />);
    expect(screen.getByText('IBAN recent gewijzigd')).toBeTruthy();
    unmount();
    renderWithProviders(
      <>
        <IbanRecentBadge changedAt="2026-11-01T10:00:00.000Z" now={NOW} />
        <IbanRecentBadge changedAt={null} now={NOW} />
      </>,
    );
    expect(screen.queryByText('IBAN recent gewijzigd')).toBeNull();
  });
});

describe('RecentIbanChanges', () => {
  it("lists only the month's transfers whose account changed recently, with when and the IBAN", () => {
    renderWithProviders(
      <RecentIbanChanges
        now={NOW}
        transfers={[
          transfer('De Draaischijf', '2026-11-20T10:00:00.000Z'),
          transfer('Wolwerk', '2026-09-01T10:00:00.000Z'),
          transfer('Glasatelier Helder', null),
        ]}
      />,
    );
    expect(screen.getByText(/Deze rekeningen zijn in de afgelopen 14 dagen gewijzigd/)).toBeTruthy();
    expect(screen.getByText('De Draaischijf')).toBeTruthy();
    expect(screen.getAllByText('IBAN recent gewijzigd')).toHaveLength(1);
    expect(screen.getByText('NL91 ABNA 0417 1643 00 · Gewijzigd op 20-11-2026 11:00 uur')).toBeTruthy();
    expect(screen.queryByText('Wolwerk')).toBeNull();
    expect(screen.queryByText('Glasatelier Helder')).toBeNull();
  });

  it('shows nothing when no account changed recently', () => {
    const { container } = renderWithProviders(
      <RecentIbanChanges now={NOW} transfers={[transfer('Wolwerk', '2026-09-01T10:00:00.000Z')]} />,
    );
    expect(container.textContent).not.toContain('IBAN recent gewijzigd');
    expect(screen.queryByText(/afgelopen 14 dagen/)).toBeNull();
  });
});

describe('the payouts section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('flags the transfer whose IBAN changed yesterday', async () => {
    const preview: PayoutPreview = {
      month: '2026-10',
      monthEnded: true,
      platformAccount: { name: 'Ateliermarkt B.V.', iban: 'NL91ABNA0417164300' },
      transfers: [transfer('De Draaischijf', new Date(Date.now() - 86_400_000).toISOString())],
      skipped: [],
      downloads: [],
      numberOfTransfers: 1,
      totalCents: 1_000,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(preview)),
    );
    renderWithProviders(<PayoutsSection month="2026-10" />);
    expect(await screen.findByText('IBAN recent gewijzigd')).toBeTruthy();
  });
});
