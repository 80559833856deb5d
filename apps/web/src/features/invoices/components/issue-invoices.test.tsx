import { INVOICE_MESSAGES, type InvoiceSummary } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { IssueInvoicesButton, type IssueOutcome, IssueOutcomeAlert } from './issue-invoices.tsx';

const INVOICE: InvoiceSummary = {
  id: '0b4b3d0e-8d3c-4b5e-9a51-5a4c1f0e0001',
  number: 'AM-2026-000007',
  kind: 'invoice',
  tenantId: 't-1',
  workshopName: 'De Draaischijf V.O.F.',
  month: '2026-10',
  issueDate: '2026-11-01',
  correctsNumber: null,
  netCents: 2409,
  vatCents: 506,
  grossCents: 2915,
  status: 'issued',
};

const fetchMock = vi.fn<typeof fetch>();
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function Harness() {
  const [outcome, setOutcome] = useState<IssueOutcome | null>(null);
  return (
    <>
      <IssueInvoicesButton month="2026-10" onOutcome={setOutcome} />
      {outcome && <IssueOutcomeAlert outcome={outcome} onClose={() => setOutcome(null)} />}
    </>
  );
}

const renderIt = () =>
  renderWithProviders(
    <MemoryRouter>
      <ModalsProvider>
        <Harness />
      </ModalsProvider>
    </MemoryRouter>,
  );

async function confirmIssue() {
  fireEvent.click(screen.getByRole('button', { name: 'Facturen uitgeven' }));
  const dialog = await screen.findByRole('dialog', { name: 'Facturen van oktober 2026 uitgeven?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Facturen uitgeven' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe("'Facturen uitgeven'", { timeout: 30_000 }, () => {
  it('asks first, then issues the month once and lists what was issued', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return jsonResponse({ month: '2026-10', issued: [INVOICE] });
    });
    renderIt();
    await confirmIssue();
    const done = await screen.findByRole('status');
    expect(within(done).getByText('1 uitgegeven over oktober 2026')).toBeTruthy();
    expect(within(done).getByText('Factuur AM-2026-000007 aan De Draaischijf V.O.F.')).toBeTruthy();
    expect(calls).toEqual(['POST /api/invoices?month=2026-10']);
  });

  it("shows the Dutch 409 of missing platform data with a link to 'Instellingen'", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        {
          error: { code: 'conflict', message: INVOICE_MESSAGES.platformNotSet, details: null, validationErrors: null },
        },
        409,
      ),
    );
    renderIt();
    await confirmIssue();
    const refused = await screen.findByRole('alert');
    expect(within(refused).getByText(INVOICE_MESSAGES.platformNotSet)).toBeTruthy();
    expect(within(refused).getByRole('link', { name: 'Naar Instellingen' }).getAttribute('href')).toBe('/settings');
  });

  it('says so when everything was issued before (safe to repeat)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ month: '2026-10', issued: [] }));
    renderIt();
    await confirmIssue();
    expect(
      within(await screen.findByRole('status')).getByText('Alles van oktober 2026 was al uitgegeven.'),
    ).toBeTruthy();
  });
});
