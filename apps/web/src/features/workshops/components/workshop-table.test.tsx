import { dayInAmsterdam, nextDay, type Workshop } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { WorkshopTable } from './workshop-table.tsx';

const today = dayInAmsterdam();
const after = (days: number) => {
  let d = today;
  for (let i = 0; i < days; i++) d = nextDay(d);
  return d;
};
const dutch = (day: string) => day.split('-').reverse().join('-');

function workshop(name: string, holiday: Workshop['holiday']): Workshop {
  return {
    id: name,
    tenantId: `t-${name}`,
    name,
    description: '',
    street: null,
    streetNumber: null,
    zipCode: null,
    city: null,
    province: null,
    email: null,
    phone: null,
    openingTimes: null,
    creditorNumber: null,
    debtorNumber: null,
    mainImage: null,
    teamImage: null,
    label: 0,
    isFeatured: false,
    isPublished: true,
    iban: null,
    ibanHolder: null,
    ibanChangedAt: null,
    holiday,
    legalName: null,
    kvkNumber: null,
    kvkBranchNumber: null,
    vatId: null,
    vatRegime: 'standard',
  };
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('WorkshopTable', () => {
  it("shows who is on holiday: 'Vakantie' with the period now, 'Gepland' before, nothing once it is over", async () => {
    const message = 'Met vakantie';
    fetchMock.mockImplementation(async () =>
      jsonResponse([
        workshop('Atelier Nu', { from: today, to: after(6), message }),
        workshop('Atelier Straks', { from: after(10), to: after(12), message }),
        workshop('Atelier Geweest', { from: '2020-07-01', to: '2020-07-14', message }),
        workshop('Atelier Thuis', null),
      ]),
    );
    const router = createMemoryRouter([{ path: '/', element: <WorkshopTable /> }]);
    renderWithProviders(
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>,
    );
    const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    const now = await row('Atelier Nu');
    expect(screen.getByRole('columnheader', { name: 'Vakantie' })).toBeTruthy();
    expect(within(now).getByText('Vakantie')).toBeTruthy();
    expect(within(now).getByText(`${dutch(today)} t/m ${dutch(after(6))}`)).toBeTruthy();
    expect(
      within(await row('Atelier Straks')).getByText(`Gepland: ${dutch(after(10))} t/m ${dutch(after(12))}`),
    ).toBeTruthy();
    for (const name of ['Atelier Geweest', 'Atelier Thuis']) {
      const r = await row(name);
      expect(within(r).getByRole('img', { name: 'Geen vakantie' })).toBeTruthy();
      expect(within(r).queryByText(/t\/m/)).toBeNull();
    }
  });
});
