import { MESSAGES, STORAGE_KEYS } from '@ateliermarkt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, envelopeOf } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { loginErrorMessage, resetRequestErrorMessage } from './login-error.ts';
import { LoginPage } from './login-page.tsx';

const loginFailure = (description: string, message: string) =>
  jsonResponse({ error: { code: description, message, details: null, validationErrors: null }, description }, 400);

describe('loginErrorMessage', () => {
  const apiError = (status: number, message: string, description?: string) =>
    new ApiError(status, { ...envelopeOf(message), ...(description ? { description } : {}) });

  it('maps the two log-in codes to the Dutch texts of the contract', () => {
    expect(loginErrorMessage(apiError(400, 'x', 'InvalidUserNameOrPassword'))).toBe(MESSAGES.loginInvalid);
    expect(loginErrorMessage(apiError(400, 'x', 'LockedOut'))).toBe(MESSAGES.loginLockedOut);
  });

  it('shows the server message for other failures, else the retry text', () => {
    expect(loginErrorMessage(apiError(429, MESSAGES.tooManyRequests))).toBe(MESSAGES.tooManyRequests);
    expect(loginErrorMessage(apiError(0, MESSAGES.generalError))).toBe(MESSAGES.loginFailedRetry);
    expect(loginErrorMessage(apiError(500, MESSAGES.generalError))).toBe(MESSAGES.loginFailedRetry);
    expect(loginErrorMessage(new Error('boom'))).toBe(MESSAGES.loginFailedRetry);
  });

  it('prefixes the reset-request failure, or says the reason is unknown', () => {
    expect(resetRequestErrorMessage(apiError(429, MESSAGES.tooManyRequests))).toBe(
      MESSAGES.resetRequestFailed + MESSAGES.tooManyRequests,
    );
    expect(resetRequestErrorMessage(new Error('x'))).toBe(MESSAGES.resetRequestFailed + MESSAGES.unknownError);
  });
});

describe('LoginPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    session.end('logout');
  });

  function route(login: () => Response) {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/workspaces/available')) {
        return jsonResponse([{ id: 'tenant-klei', name: 'Atelier Klei & Vuur', url: null }]);
      }
      if (url.endsWith('/auth/login')) return login();
      return jsonResponse({ error: { code: null, message: 'x', details: null, validationErrors: null } }, 404);
    });
  }

  async function submit(user: string, password: string) {
    fireEvent.change(screen.getByLabelText('E-mailadres of gebruikersnaam'), { target: { value: user } });
    fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
  }

  it('shows the contract text under the error title for wrong credentials', async () => {
    route(() => loginFailure('InvalidUserNameOrPassword', 'Onbekende logingegevens'));
    renderWithProviders(<LoginPage />);
    await submit('anna@atelier.nl', 'fout-wachtwoord');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.loginErrorTitle);
    expect(alert.textContent).toContain(MESSAGES.loginInvalid);
  });

  it('shows the locked-out text', async () => {
    route(() => loginFailure('LockedOut', 'Te veel foutieve inlogpogingen'));
    renderWithProviders(<LoginPage />);
    await submit('anna@atelier.nl', 'fout-wachtwoord');
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.loginLockedOut);
  });

  it('validates empty fields with the contract messages before calling the server', async () => {
    route(() => jsonResponse({}));
    renderWithProviders(<LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText(MESSAGES.userNameOrEmailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordEmpty)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/login'))).toBe(false);
  });

  it('logs in at the remembered workshop with the tenant header and stores the session', async () => {
    localStorage.setItem(STORAGE_KEYS.tenantId, 'tenant-klei');
    route(() => jsonResponse({ auth_token: 'tok', auth_type: 'Bearer', expires_in: 900, refresh_token: 'ref' }));
    renderWithProviders(<LoginPage />);
    await screen.findByDisplayValue('Atelier Klei & Vuur');
    await submit('anna@atelier.nl', 'Atelier2026!');
    await waitFor(() => expect(session.get()?.token).toBe('tok'));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/login'));
    expect(call?.[1]?.headers).toMatchObject({ __tenant: 'tenant-klei' });
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      userNameOrEmailAddress: 'anna@atelier.nl',
      password: 'Atelier2026!',
    });
  });

  it('tells when the workshop list cannot be loaded', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<LoginPage />);
    expect(await screen.findByText(MESSAGES.tenantsLoadFailed)).toBeTruthy();
  });
});
