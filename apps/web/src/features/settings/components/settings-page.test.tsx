import { type AdminSettings, MESSAGES, PLATFORM_SETTING_DEFAULTS } from '@ateliermarkt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

const SETTINGS: AdminSettings = {
  values: { ...PLATFORM_SETTING_DEFAULTS, paymentExpireAfter: '10d', platformIban: 'NL91ABNA0417164300' },
  overridden: ['paymentExpireAfter'],
  defaults: { ...PLATFORM_SETTING_DEFAULTS },
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage /> }], {
    initialEntries: ['/settings'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('Instellingen', () => {
  it('shows a deadline its environment variable fixes read-only, naming the variable', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(SETTINGS));
    renderPage();
    await screen.findByText(MESSAGES.settingsOverridden('PAYMENT_EXPIRE_AFTER'));
    expect(input(MESSAGES.settingsPaymentExpireAfter).readOnly).toBe(true);
    expect(input(MESSAGES.settingsPaymentExpireAfter).value).toBe('10 dagen');
    expect(input(MESSAGES.settingsPaymentRemindAfter).readOnly).toBe(false);
    expect(input(MESSAGES.settingsPlatformIban).value).toBe('NL91 ABNA 0417 1643 00');
  });

  it('asks a duration as a number and a Dutch unit, sends the API form, and sends the IBAN compact', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(SETTINGS));
    renderPage();
    await screen.findByText(MESSAGES.settingsOverridden('PAYMENT_EXPIRE_AFTER'));
    // '24h' reads as 24 uren, '72h' as 3 dagen; no developer syntax in sight.
    expect(input(MESSAGES.settingsReservationRemindAfter).value).toBe('24');
    expect(
      screen.getByRole('combobox', { name: `Eenheid voor ${MESSAGES.settingsReservationRemindAfter}` }),
    ).toHaveProperty('value', 'uren');
    expect(input(MESSAGES.settingsReservationExpireAfter).value).toBe('3');
    expect(
      screen.getByRole('combobox', { name: `Eenheid voor ${MESSAGES.settingsReservationExpireAfter}` }),
    ).toHaveProperty('value', 'dagen');
    expect(screen.getByText(/Standaard: 24 uur/)).toBeTruthy();
    expect(screen.queryByPlaceholderText(/24h/)).toBeNull();
    // Nor in the section's help or an error ('Een duur als 90s, 15m, 24h of 3d' was left after the durations became a number and a unit).
    const developerSyntax = /\b\d+(ms|s|m|h|d)\b/;
    expect(screen.queryByText(developerSyntax)).toBeNull();

    // Empty: refused in Dutch before sending.
    fireEvent.change(input(MESSAGES.settingsReservationRemindAfter), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Vul een duur in: een aantal minuten, uren of dagen.');
    expect(screen.queryByText(developerSyntax)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(jsonResponse(SETTINGS));
    fireEvent.change(input(MESSAGES.settingsReservationRemindAfter), { target: { value: '36' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const sent = JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)) as Record<string, unknown>;
    expect(sent).toMatchObject({ reservationRemindAfter: '36h', platformIban: 'NL91ABNA0417164300' });
  });
});
