import { MESSAGES, type ProductListItem } from '@ateliermarkt/contract';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ProductBulkBar } from './product-bulk-bar.tsx';

const product = (id: string, name: string): ProductListItem => ({
  id,
  tenantId: 't-1',
  workspaceName: 'De Draaischijf',
  productNumber: `DD-${id}`,
  name,
  isUniqueEdition: true,
  quantity: 1,
  price: 20,
  viewCount: 0,
  isPublished: false,
  isReserved: false,
  isSold: false,
  creatorId: null,
  creatorFullName: null,
  productImage: null,
  description: '',
  extraInformation: '',
  material: null,
  madeToMeasure: false,
  categories: [],
  customCategories: [],
  weight: null,
  length: null,
  width: null,
  height: null,
  format: null,
  deliveryMethods: [],
  images: [],
  authorName: null,
  authorDescription: null,
  authorImage: null,
  isAvailable: true,
});
const CHOSEN = [product('p-1', 'Blauwe vaas'), product('p-2', 'Groene schaal')];

const fetchMock = vi.fn<typeof fetch>();
let sent: { url: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
    return jsonResponse({ succeeded: ['p-1'], failed: [{ id: 'p-2', message: MESSAGES.productInReservation }] });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderBar(mayPublish: boolean, onClear = () => {}) {
  return renderWithProviders(
    <ModalsProvider>
      <Notifications />
      <ProductBulkBar selected={CHOSEN} onClear={onClear} mayPublish={mayPublish} />
    </ModalsProvider>,
  );
}

describe('ProductBulkBar', { timeout: 30_000 }, () => {
  it('offers a plain user only deleting', () => {
    renderBar(false);
    expect(screen.getByText('2 geselecteerd')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publiceren' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Verwijderen' })).toBeTruthy();
  });

  it('asks once naming how many, sends one call, then counts what worked and lists the rest by name', async () => {
    const onClear = vi.fn();
    renderBar(true, onClear);
    fireEvent.click(screen.getByRole('button', { name: 'Publiceren' }));
    await screen.findByText('2 producten worden gepubliceerd en zijn dan te zien in de webshop.');
    expect(sent).toEqual([]);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publiceren' }));
    await screen.findByText('1 product is gepubliceerd.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/\/api\/products\/bulk$/);
    expect(sent[0]?.body).toEqual({ action: 'publish', ids: ['p-1', 'p-2'] });
    expect(screen.getByText(/1 product niet gelukt:/).textContent).toContain(
      `• Groene schaal: ${MESSAGES.productInReservation}`,
    );
    await waitFor(() => expect(onClear).toHaveBeenCalled());
  });
});
