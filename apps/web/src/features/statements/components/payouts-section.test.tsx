import type { PayoutPreview } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PayoutsSection } from './payouts-section.tsx';

const PREVIEW: PayoutPreview = {
  month: '2026-11',
  monthEnded: true,
  platformAccount: { name: 'Ateliermarkt B.V.', iban: 'NL91ABNA0417164300' },
  transfers: [
    {
      tenantId: 't-1',
      workshopName: 'De Draaischijf',
      creditorNumber: 'C-0001',
      accountHolder: 'M. de Draaier',
      iban: 'NL02ABNA0123456789',
      amountCents: 123_456,
      ibanChangedAt: null,
    },
  ],
  skipped: [
    {
      tenantId: 't-2',
      workshopName: 'Glasatelier Helder',
      creditorNumber: 'C-0002',
      netCents: 5_000,
      reason: 'noIban',
    },
    { tenantId: 't-3', workshopName: 'Wolwerk', creditorNumber: null, netCents: -1_250, reason: 'nothingToPay' },
  ],
  numberOfTransfers: 1,
  totalCents: 123_456,
  downloads: [],
};

const fetchMock = vi.fn<typeof fetch>();
const { createObjectURL, revokeObjectURL } = URL;
let urls: string[];
function answer(preview: PayoutPreview) {
  fetchMock.mockImplementation(async (input) => {
    urls.push(String(input));
    if (String(input).includes('/files/payouts')) return new Response('<Document/>', { status: 200 });
    return jsonResponse(preview);
  });
}
beforeEach(() => {
  urls = [];
  // The notices live in a store of the module: one of an earlier test would be found again.
  notifications.clean();
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no blob URLs: the download's link gets a made-up one.
  URL.createObjectURL = () => 'blob:payouts';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const renderSection = () =>
  renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <PayoutsSection month="2026-11" />
    </ModalsProvider>,
  );

describe('PayoutsSection', { timeout: 30_000 }, () => {
  it('sums up the transfers, lists who is left out with the reason, and downloads the month', async () => {
    answer(PREVIEW);
    renderSection();
    expect(await screen.findByText('1 overboeking, samen €1.234,56')).toBeTruthy();
    // Its rows follow the answer in a transition of their own (docs/decisions/0093).
    const skipped = await screen.findByRole('table', { name: 'Niet in het bankbestand' });
    expect(within(skipped).getByText('Glasatelier Helder')).toBeTruthy();
    expect(within(skipped).getByText('Geen IBAN ingevuld bij het atelier')).toBeTruthy();
    expect(within(skipped).getByText('-€12,50')).toBeTruthy();
    expect(within(skipped).getByText('Niets uit te betalen (netto €0,00 of minder)')).toBeTruthy();
    expect(urls[0]).toContain('/api/payouts?month=2026-11');

    fireEvent.click(screen.getByRole('button', { name: 'Bankbestand downloaden' }));
    await waitFor(() => expect(urls.some((url) => url.includes('/api/files/payouts?month=2026-11'))).toBe(true));
    expect(await screen.findByText('Je bestand is gedownload!')).toBeTruthy();
    // A month not downloaded before: no warning, no dialog, and the request does not ask for a second file.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(urls.filter((url) => url.includes('/files/payouts'))).toEqual([expect.not.stringContaining('again')]);
    expect(screen.queryByText(/Al gedownload op/)).toBeNull();
  });

  const DOWNLOADED: PayoutPreview = {
    ...PREVIEW,
    downloads: [
      {
        downloadedAt: '2026-12-01T09:30:00.000Z',
        downloadedBy: 'Sanne de Vries',
        messageId: 'AM-2026-11-20261201103000-A1B2C3',
        numberOfTransfers: 1,
        totalCents: 123_456,
      },
    ],
  };

  it('says when and by whom the month was downloaded, and downloads again only after the warning is confirmed', async () => {
    answer(DOWNLOADED);
    renderSection();
    expect(
      await screen.findByText(
        'Al gedownload op 01-12-2026 10:30 uur door Sanne de Vries (1 overboeking, samen €1.234,56)',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Bankbestand downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nog een bankbestand van deze maand?' });
    expect(
      within(dialog).getByText(/Upload je beide bestanden bij de bank, dan krijgt elk atelier twee keer betaald/),
    ).toBeTruthy();
    // Nothing is downloaded until confirmed.
    expect(urls.some((url) => url.includes('/files/payouts'))).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Toch opnieuw downloaden' }));
    await waitFor(() =>
      expect(urls.filter((url) => url.includes('/files/payouts'))).toEqual([
        expect.stringContaining('/api/files/payouts?month=2026-11&again=true'),
      ]),
    );
    expect(await screen.findByText('Je bestand is gedownload!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads nothing when the warning is cancelled', async () => {
    answer(DOWNLOADED);
    renderSection();
    await screen.findByText(/Al gedownload op 01-12-2026 10:30 uur door Sanne de Vries/);
    fireEvent.click(screen.getByRole('button', { name: 'Bankbestand downloaden' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(urls.some((url) => url.includes('/files/payouts'))).toBe(false);
  });

  it('says where to set the platform account, and offers no download, while it is missing', async () => {
    answer({ ...PREVIEW, platformAccount: null });
    renderSection();
    expect(await screen.findByText(/Vul eerst de naam en het IBAN van het platform in bij Instellingen/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bankbestand downloaden' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a month that is not over, but offers its file only when it is', async () => {
    answer({ ...PREVIEW, monthEnded: false });
    renderSection();
    expect(await screen.findByText(/Deze maand is nog niet voorbij/)).toBeTruthy();
    expect(screen.getByText('1 overboeking, samen €1.234,56')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bankbestand downloaden' }).hasAttribute('disabled')).toBe(true);
  });

  it('says when nobody is to be paid', async () => {
    answer({ ...PREVIEW, transfers: [], numberOfTransfers: 0, totalCents: 0 });
    renderSection();
    expect(await screen.findByText(/Er is in deze maand niets uit te betalen/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bankbestand downloaden' }).hasAttribute('disabled')).toBe(true);
  });
});
