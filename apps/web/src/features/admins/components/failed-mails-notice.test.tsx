import type { OutboxResponse } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { FailedMailsBanner, FailedMailsTodoCard } from './failed-mails-notice.tsx';

const failing: OutboxResponse = {
  totalCount: 2,
  items: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      to: 'anna@example.nl',
      subject: 'Je wachtwoord opnieuw instellen',
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      reason: 'De mailserver is niet bereikbaar: hij weigert de verbinding.',
      state: 'retrying',
      attempts: 3,
      createdAt: '2026-11-26T10:00:00.000Z',
      failedAt: null,
      nextAttemptAt: '2026-11-26T10:10:00.000Z',
    },
  ],
};

/** While mails fail, the super admin sees it on every screen and on the home's 'Te doen'. */
describe('failed mails notice', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('shows a banner with the count, the Dutch reason and the way to the list', async () => {
    fetchMock.mockResolvedValue(jsonResponse(failing));
    renderWithProviders(
      <MemoryRouter>
        <FailedMailsBanner />
      </MemoryRouter>,
    );
    expect(await screen.findByText('2 e-mails konden niet worden verstuurd')).toBeTruthy();
    expect(screen.getByText(/De mailserver is niet bereikbaar/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk de niet verstuurde e-mails' }).getAttribute('href')).toBe(
      '/admin-overview#niet-verstuurde-emails',
    );
    expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
  });

  it('shows nothing while every mail goes out, and the card counts them', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [], totalCount: 0 }));
    const { container } = renderWithProviders(
      <MemoryRouter>
        <FailedMailsBanner />
        <FailedMailsTodoCard cardClass="" countClass="" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /0 Niet verstuurde e-mails/ })).toBeTruthy();
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
});
