import { MESSAGES, type Profile } from '@ateliermarkt/contract';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';
import { GuardedScreen } from './guarded-screen.tsx';
import type { ScreenRoute } from './route-table.ts';

const profile = (roles: Profile['roles'], workshop: Profile['tenant']): Profile => ({
  id: 'u1',
  name: 'Anna',
  surname: 'de Vries',
  fullName: 'Anna de Vries',
  email: 'anna@atelier.nl',
  userName: 'anna@atelier.nl',
  phoneNumber: null,
  tenant: workshop,
  roles,
  isSuperAdmin: roles[0] === 'admin' && workshop === null,
  emailNotifications: true,
  twoFactorEnabled: false,
});

const resources: ScreenRoute = { path: '/resources', name: 'Contentbeheer', access: ['superAdmin'] };

describe('GuardedScreen', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  function renderAs(p: Profile, route: ScreenRoute) {
    fetchMock.mockResolvedValue(jsonResponse(p));
    return renderWithProviders(
      <MemoryRouter>
        <GuardedScreen route={route} />
      </MemoryRouter>,
    );
  }

  it('shows the screen (here its placeholder) to an allowed role', async () => {
    renderAs(profile(['admin'], null), resources);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contentbeheer' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.notAvailableYet)).toBeTruthy();
    expect(document.title).toBe('Contentbeheer | Ateliermarkt');
  });

  it('shows the 404 page to a role that may not see the route', async () => {
    renderAs(profile(['admin'], { id: 't1', name: 'Atelier Klei', url: null }), resources);
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGES.notFoundPage })).toBeTruthy();
    expect(screen.queryByText('Contentbeheer')).toBeNull();
  });

  it('shows the 404 page to a plain user on a workshop-admin route', async () => {
    renderAs(profile(['user'], { id: 't1', name: 'Atelier Klei', url: null }), {
      path: '/workspace',
      name: 'Mijn atelier',
      access: ['workshopAdmin'],
    });
    expect(await screen.findByText(MESSAGES.notFoundPage)).toBeTruthy();
  });
});
