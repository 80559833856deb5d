import { MESSAGES, type Workshop } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { WorkshopForm } from './workshop-form.tsx';

const WORKSHOP: Workshop = {
  id: 'ws-1',
  tenantId: 't-1',
  name: 'De Draaischijf',
  description: '<p>Keramiek uit Utrecht</p>',
  street: 'Oudegracht',
  streetNumber: '12',
  zipCode: '3511 AB',
  city: 'Utrecht',
  province: 'Utrecht',
  email: 'info@dedraaischijf.nl',
  phone: '030 123 4567',
  openingTimes: 'wo t/m za 10:00 – 17:00',
  creditorNumber: 'CR-1001',
  debtorNumber: 'DB-2001',
  mainImage: null,
  teamImage: null,
  label: 1,
  isFeatured: false,
  isPublished: true,
  iban: null,
  ibanHolder: null,
  ibanChangedAt: null,
  holiday: null,
  legalName: null,
  kvkNumber: null,
  kvkBranchNumber: null,
  vatId: null,
  vatRegime: 'standard',
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderForm(isSuperAdmin: boolean, workshop: Workshop = WORKSHOP) {
  // A data router, as the app has: the form's unsaved-changes warning needs one.
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <WorkshopForm workspace={workshop} isSuperAdmin={isSuperAdmin} afterSave="/saved" afterCancel="/back" />
        ),
      },
      { path: '/saved', element: <p>opgeslagen-scherm</p> },
      { path: '/back', element: <p>terug-scherm</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  return renderWithProviders(
    <ModalsProvider>
      <RouterProvider router={router} />
    </ModalsProvider>,
  );
}

// Label queries, not role queries: jsdom computes every role on this long form slowly.
const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
const sentBody = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;

describe('WorkshopForm', { timeout: 30_000 }, () => {
  it('shows the workshop, and the name and numbers only to the super admin as editable', () => {
    renderForm(false);
    expect(screen.getByLabelText('Atelier wijzigen').tagName).toBe('FORM');
    expect(input('Naam van het atelier').readOnly).toBe(true);
    expect(screen.getByText('De naam kan alleen door de platformbeheerder worden gewijzigd.')).toBeTruthy();
    expect(screen.queryByLabelText('Crediteurnummer')).toBeNull();
    expect(input('Plaats').value).toBe('Utrecht');
    expect(input('E-mailadres').value).toBe('info@dedraaischijf.nl');
  });

  it('refuses an empty name and e-mail address in Dutch without calling the server', () => {
    renderForm(true);
    type('Naam van het atelier', ' ');
    type('E-mailadres', '');
    save();
    expect(screen.getByText(MESSAGES.workspaceNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeTruthy();
    type('Naam van het atelier', 'Abc');
    type('E-mailadres', 'geen-adres');
    save();
    expect(screen.getByText(MESSAGES.workspaceNameLength)).toBeTruthy();
    expect(screen.getByText(MESSAGES.emailInvalid('geen-adres'))).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves the changed fields, without the name for a workshop admin, and goes on', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ ...WORKSHOP, city: 'Amersfoort' }));
    renderForm(false);
    type('Plaats', 'Amersfoort');
    save();
    await screen.findByText('opgeslagen-scherm');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/workspaces\/ws-1$/);
    expect(init?.method).toBe('PUT');
    const body = sentBody();
    expect(body.city).toBe('Amersfoort');
    expect(body.label).toBe(1);
    expect(body).not.toHaveProperty('name');
    expect(body).not.toHaveProperty('creditorNumber');
  });

  it("puts the server's field error on its field and stays", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(
        {
          error: {
            code: 'Validation',
            message: MESSAGES.validationFailed,
            details: null,
            validationErrors: [{ message: MESSAGES.emailInvalid('x@y'), members: ['email'] }],
          },
        },
        400,
      ),
    );
    renderForm(true);
    save();
    await screen.findByText(MESSAGES.emailInvalid('x@y'));
    expect(input('E-mailadres').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('opgeslagen-scherm')).toBeNull();
  });

  it('goes back without saving on Annuleren', async () => {
    renderForm(true);
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.getByText('terug-scherm')).toBeTruthy());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves a holiday period with its message, and refuses an inverted period or a missing message in Dutch', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(WORKSHOP));
    renderForm(false);
    type('Eerste vakantiedag', '2026-12-21');
    type('Laatste vakantiedag', '2026-12-20');
    save();
    expect(screen.getByText(MESSAGES.holidayMessageRequired)).toBeTruthy();
    type('Bericht voor de klanten', 'Fijne feestdagen! Vanaf 4 januari zijn we er weer.');
    save();
    expect(screen.getByText(MESSAGES.holidayToBeforeFrom)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('Laatste vakantiedag', '2027-01-03');
    save();
    await screen.findByText('opgeslagen-scherm');
    expect(sentBody().holiday).toEqual({
      from: '2026-12-21',
      to: '2027-01-03',
      message: 'Fijne feestdagen! Vanaf 4 januari zijn we er weer.',
    });
  });

  it('ends holiday mode with Vakantie wissen (the server gets null)', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(WORKSHOP));
    const holiday = { from: '2026-12-21', to: '2027-01-03', message: 'Met vakantie' };
    renderForm(true, { ...WORKSHOP, holiday });
    expect(input('Eerste vakantiedag').value).toBe('2026-12-21');
    expect(screen.getByText('Opgeslagen: 21-12-2026 t/m 03-01-2027')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vakantie wissen' }));
    expect(input('Bericht voor de klanten').value).toBe('');
    save();
    await screen.findByText('opgeslagen-scherm');
    expect(sentBody().holiday).toBeNull();
  });

  it('shows the IBAN in groups, refuses a wrong one in Dutch, and sends the IBAN and holder', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(WORKSHOP));
    renderForm(false, { ...WORKSHOP, iban: 'NL91ABNA0417164300', ibanHolder: 'De Draaischijf' });
    expect(input('IBAN').value).toBe('NL91 ABNA 0417 1643 00');
    type('IBAN', 'NL91 ABNA 0417 1643 01');
    save();
    expect(screen.getByText(MESSAGES.ibanInvalid)).toBeTruthy();
    type('IBAN', 'be68 5390 0754 7034');
    type('Naam rekeninghouder', '');
    save();
    expect(screen.getByText(MESSAGES.ibanHolderRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    type('Naam rekeninghouder', 'Draaischijf vof');
    save();
    // A new payout account asks for the password first, and sends it with the change.
    const password = (await screen.findByLabelText(MESSAGES.reconfirmPasswordLabel)) as HTMLInputElement;
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: 'Geheim123!' } });
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.reconfirmSubmit }));
    await screen.findByText('opgeslagen-scherm');
    expect(sentBody()).toMatchObject({
      iban: 'be68 5390 0754 7034',
      ibanHolder: 'Draaischijf vof',
      currentPassword: 'Geheim123!',
    });
    expect(sentBody().holiday).toBeNull();
  });

  it("shows when the payout account last changed beside 'Uitbetaling', and nothing when never", () => {
    const { unmount } = renderForm(false, { ...WORKSHOP, ibanChangedAt: '2026-11-20T10:05:00.000Z' });
    expect(screen.getByText('Gewijzigd op 20-11-2026 11:05 uur')).toBeTruthy();
    unmount();
    renderForm(false, WORKSHOP);
    expect(screen.queryByText(/Gewijzigd op/)).toBeNull();
  });
});
