import { ERROR_CODES, MESSAGES, type Reservation, SHOP_MESSAGES } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ReservationDetailDialog } from './reservation-detail-dialog.tsx';

const RESERVATION: Reservation = {
  id: 'r-1',
  orderNumber: 'AM-000123',
  name: 'Anna de Klant',
  street: 'Dorpsstraat',
  streetNumber: '1',
  zipCode: '1234 AB',
  city: 'Zwolle',
  email: 'anna@example.nl',
  products: [
    {
      id: 'p-1',
      productNumber: 'DD-0001',
      productImage: null,
      name: 'Vaas',
      description: 'Blauw geglazuurd',
      quantity: 2,
      price: 20,
      isAvailable: true,
      isReserved: false,
    },
    {
      id: 'p-2',
      productNumber: 'DD-0002',
      productImage: null,
      name: 'Schaal',
      description: '',
      quantity: 1,
      price: 15,
      isAvailable: false,
      isReserved: false,
    },
  ],
  deliveryMethod: { id: 2, name: 'Verzenden', price: 6.95, quantity: 1 },
  status: { code: 0, name: 'Nieuw' },
  statusName: 'Nieuw',
  creationTime: '23-11-2026 10:15',
  dateFormatted: '23-11-2026',
  reservationDate: '2026-11-23T09:15:00.000Z',
  favoriteColor: 'Blauw',
  personalMessage: null,
  workspaceName: 'De Draaischijf',
  trackAndTrace: null,
  isPaused: false,
  isOpen: true,
  isPaid: false,
  mayReject: true,
  mayEditReservation: true,
  willShip: true,
  willBeFetchedAfterPayment: false,
  willBeFetched: false,
  isReturning: false,
  showCustomerAddress: false,
};

const notFound = { error: { code: 'NotFound', message: MESSAGES.notFound, details: null, validationErrors: null } };
const fetchMock = vi.fn<typeof fetch>();
let reservation: Reservation;
let writes: { method: string; url: string; body: unknown }[];
let answerWrite: () => Response;

beforeEach(() => {
  reservation = RESERVATION;
  writes = [];
  answerWrite = () => new Response(null, { status: 204 });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      writes.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answerWrite();
    }
    if (url.endsWith('/reservations/r-1')) return jsonResponse(reservation);
    if (url.endsWith('/products/delivery-methods'))
      return jsonResponse({
        items: [
          { id: 2, name: 'Verzenden', price: 6.95 },
          { id: 3, name: 'Brievenbuspakje', price: 4.5 },
        ],
        totalCount: 2,
      });
    return jsonResponse(notFound, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderDialog(id = 'r-1') {
  return renderWithProviders(
    // A router: the dialog links to the customer's other reservations.
    <MemoryRouter>
      <ModalsProvider>
        <Notifications />
        <ReservationDetailDialog id={id} onClose={() => {}} />
      </ModalsProvider>
    </MemoryRouter>,
  );
}

const loaded = () => screen.findByText('Reservering AM-000123', {}, { timeout: 10_000 });

describe('ReservationDetailDialog', { timeout: 30_000 }, () => {
  it('shows the reservation: its products, what counts in the total, and no address before payment', async () => {
    renderDialog();
    await loaded();
    const products = screen.getByRole('table', { name: 'Producten in de reservering' });
    expect(within(products).getByText('DD-0001')).toBeTruthy();
    expect(within(products).getByText('Niet beschikbaar: telt niet mee')).toBeTruthy();
    const total = screen.getByRole('table', { name: 'Totaal van de bestelling' });
    // 2 x €20 and the delivery; the unavailable bowl does not count.
    expect(within(total).queryByText(/Schaal/)).toBeNull();
    expect(within(total).getByText('2 x Vaas')).toBeTruthy();
    expect(total.textContent).toMatch(/Totaal€\s?46,95$/);
    expect(screen.getByText('Blauw', { exact: false })).toBeTruthy();
    expect(screen.queryByText('Factuuradres')).toBeNull();
    expect(screen.queryByText('Download verzendlabel')).toBeNull();
  });

  it("links to the customer's reservations: the overview searched for the e-mail address", async () => {
    renderDialog();
    await loaded();
    const link = screen.getByRole('link', { name: 'Alle reserveringen van Anna de Klant' });
    expect(link.getAttribute('href')).toBe('/reservations?status=alle&zoek=anna%40example.nl');
    // The note form sits under the history.
    expect(screen.getByRole('button', { name: 'Notitie toevoegen' })).toHaveProperty('disabled', true);
  });

  it('shows the invoice address once the flags allow it', async () => {
    reservation = { ...RESERVATION, showCustomerAddress: true };
    renderDialog();
    await loaded();
    expect(screen.getByText('Factuuradres')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'anna@example.nl' }).getAttribute('href')).toBe('mailto:anna@example.nl');
  });

  it('keeps the approval open with the server’s reason inside when the stock no longer suffices', async () => {
    const refusal = SHOP_MESSAGES.approveOutOfStock('Vaas', 1);
    answerWrite = () =>
      jsonResponse(
        { error: { code: ERROR_CODES.outOfStock, message: refusal, details: null, validationErrors: null } },
        409,
      );
    renderDialog();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Goedkeuren: reservering AM-000123' }));
    const confirm = await screen.findByRole('button', { name: 'Goedkeuren en betaallink sturen' });
    fireEvent.click(confirm);
    const alert = (await screen.findByText(refusal)).closest<HTMLElement>('[role="alert"]');
    expect(alert?.textContent).toBe(refusal);
    expect(writes).toEqual([
      { method: 'POST', url: expect.stringMatching(/\/reservations\/r-1\/confirm$/), body: null },
    ]);
    // Still open, its question kept, the confirm button usable again (to try once the stock is there) and the
    // dialog dismissible; the reservation's own dialog is still behind it.
    const dialog = alert?.closest<HTMLElement>('[role="dialog"]');
    expect(dialog && within(dialog).getByRole('button', { name: 'Goedkeuren en betaallink sturen' })).toBe(confirm);
    expect(dialog && within(dialog).getByText(MESSAGES.approveConfirm)).toBeTruthy();
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Reservering AM-000123')).toBeTruthy();
    // No toast beside it: the reason is said once, where the user looks.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    // Cancel closes it.
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: MESSAGES.cancel }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Goedkeuren en betaallink sturen' })).toBeNull());
  });

  it('says in Dutch that it could not load', async () => {
    renderDialog('r-unknown');
    expect(await screen.findByText('De reservering kon niet worden geladen', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(MESSAGES.notFound)).toBeTruthy();
  });

  it('saves a changed track & trace code, and says so in Dutch when the server refuses it', async () => {
    answerWrite = () =>
      jsonResponse(
        { error: { code: 'Validation', message: MESSAGES.validationFailed, details: null, validationErrors: null } },
        400,
      );
    renderDialog();
    await loaded();
    const save = within(screen.getByLabelText('Track & Trace').closest('form') as HTMLElement).getByRole('button', {
      name: 'Opslaan',
    }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Track & Trace'), { target: { value: ' 3SABCD1234567 ' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText(MESSAGES.trackAndTraceNotSaved, {}, { timeout: 10_000 })).toBeTruthy();
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: expect.stringMatching(/\/reservations\/r-1\/trackandtrace$/),
        body: { trackAndTrace: '3SABCD1234567' },
      },
    ]);
  });

  it('takes a product out of the reservation only after the confirmation', async () => {
    renderDialog();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Vaas uit de reservering halen' }));
    const confirm = await screen.findByRole('button', { name: 'Uit de reservering halen' });
    expect(writes).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'PUT', url: expect.stringMatching(/\/reservations\/r-1\/products\/p-1\/availability$/), body: null },
      ]),
    );
    // An unavailable product has no button to take it out again.
    expect(screen.queryByRole('button', { name: 'Schaal uit de reservering halen' })).toBeNull();
    // Like every other action, it says that it worked.
    expect(await screen.findByText(MESSAGES.reservationProductRemoved('Vaas'), {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the total of another delivery method before saving, as the approval will ask it', async () => {
    renderDialog();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Verzendmethode' }));
    fireEvent.click(await screen.findByRole('option', { name: /Brievenbuspakje/, hidden: true }, { timeout: 10_000 }));
    const preview = screen.getByRole('status', { name: 'Nieuw totaal' });
    await waitFor(() => expect(preview.textContent).toContain('Nieuw totaal: €44,50 (nu €46,95)'));
    expect(preview.textContent).toContain('Bij goedkeuren vragen we de klant €44,50.');
    expect(writes).toEqual([]);
  });

  it('says so after the delivery was changed', async () => {
    renderDialog();
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
    fireEvent.change(screen.getByLabelText('Aantal pakketten'), { target: { value: '2' } });
    // The delivery block comes before the track & trace form, each with its own save button.
    fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.save })[0] as HTMLElement);
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'PUT', url: expect.stringMatching(/\/reservations\/r-1\/packages\/2$/), body: { quantity: 2 } },
      ]),
    );
    expect(await screen.findByText(MESSAGES.reservationDeliveryChanged, {}, { timeout: 10_000 })).toBeTruthy();
    // The form is gone again: focus is back on the button that opened it, not on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Wijzigen' })));
  });

  describe('awaiting payment', () => {
    const awaiting = (products = RESERVATION.products): Reservation => ({
      ...RESERVATION,
      products,
      status: { code: 2, name: 'Wachten op betaling' },
      statusName: 'Wachten op betaling',
    });
    const withBowl = RESERVATION.products.map((p) => ({ ...p, isAvailable: true }));

    it('warns that the customer gets a new total and payment link, and says so after removing a product', async () => {
      reservation = awaiting(withBowl);
      renderDialog();
      await loaded();
      fireEvent.click(screen.getByRole('button', { name: 'Vaas uit de reservering halen' }));
      expect(await screen.findByText(MESSAGES.requoteWarning)).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Uit de reservering halen' }));
      expect(await screen.findByText(MESSAGES.reservationRequoted, {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getAllByText(MESSAGES.reservationProductRemoved('Vaas')).length).toBeGreaterThan(0);
    });

    it('warns that taking out the last product rejects the reservation', async () => {
      reservation = awaiting();
      renderDialog();
      await loaded();
      fireEvent.click(screen.getByRole('button', { name: 'Vaas uit de reservering halen' }));
      expect(await screen.findByText(MESSAGES.lastProductRejectsWarning)).toBeTruthy();
      expect(screen.queryByText(MESSAGES.requoteWarning)).toBeNull();
    });

    it('warns beside the delivery form, and tells of the new quote only when the delivery changed', async () => {
      reservation = awaiting();
      renderDialog();
      await loaded();
      fireEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
      expect(screen.getByText(MESSAGES.requoteWarning)).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Aantal pakketten'), { target: { value: '3' } });
      fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.save })[0] as HTMLElement);
      expect(await screen.findByText(MESSAGES.reservationRequoted, {}, { timeout: 10_000 })).toBeTruthy();
    });

    it('shows the new total and what the customer will be asked before saving', async () => {
      reservation = awaiting();
      renderDialog();
      await loaded();
      fireEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
      const preview = screen.getByRole('status', { name: 'Nieuw totaal' });
      // Unchanged: 2 x €20 and 1 x €6,95.
      expect(preview.textContent).toContain('Nieuw totaal: €46,95');
      fireEvent.change(screen.getByLabelText('Aantal pakketten'), { target: { value: '3' } });
      // 2 x €20 and 3 x €6,95, before anything was sent.
      await waitFor(() => expect(preview.textContent).toContain('Nieuw totaal: €60,85 (nu €46,95)'));
      expect(preview.textContent).toContain('Verzending: 3 x Verzenden = €20,85');
      expect(preview.textContent).toContain("Na 'Opslaan' krijgt de klant een nieuwe betaallink voor €60,85.");
      expect(writes).toEqual([]);
    });

    it('does not promise a mail when nothing changed', async () => {
      reservation = awaiting();
      renderDialog();
      await loaded();
      fireEvent.click(screen.getByRole('button', { name: 'Wijzigen' }));
      fireEvent.click(screen.getAllByRole('button', { name: MESSAGES.save })[0] as HTMLElement);
      expect(await screen.findByText(MESSAGES.reservationDeliveryChanged, {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.queryByText(MESSAGES.reservationRequoted)).toBeNull();
    });
  });
});
