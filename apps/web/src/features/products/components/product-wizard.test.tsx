import { MESSAGES, type Product, type ProductInput } from '@ateliermarkt/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveRegion } from '../../../components/live-region.tsx';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ProductAddPage } from './product-wizard.tsx';

const CATEGORIES = [
  { id: 'c-keramiek', title: 'Keramiek', isMainCategory: true },
  { id: 'c-glas', title: 'Glas', isMainCategory: true },
];
const DELIVERY = [
  { id: 1, name: 'Ophalen', price: 0 },
  { id: 2, name: 'Verzenden', price: 6.95 },
];
const SETTINGS = {
  productName: 'Ateliermarkt',
  taxPercent: 21,
  feePercent: 10,
  minPrice: 10,
  maxProductImages: 8,
  maxFeaturedProducts: 8,
  maxImageBytes: 10_000_000,
  authorDescriptionMax: 1000,
  sessionCheckIntervalMs: 60_000,
};
const SAVED: Product = {
  id: 'p-1',
  tenantId: 't-1',
  workspaceName: 'De Draaischijf',
  productNumber: 'DD-0042',
  name: 'Schaal',
  description: '',
  extraInformation: '',
  material: null,
  isUniqueEdition: true,
  madeToMeasure: false,
  categories: [CATEGORIES[0] ?? { id: '', title: '', isMainCategory: true }],
  customCategories: [],
  price: 12.5,
  weight: null,
  length: null,
  width: null,
  height: null,
  format: null,
  quantity: 1,
  deliveryMethods: [DELIVERY[1] ?? { id: 2, name: '', price: 0 }],
  images: [],
  productImage: null,
  authorName: null,
  authorDescription: null,
  authorImage: null,
  isPublished: true,
  isReserved: false,
  isSold: false,
  isAvailable: true,
  viewCount: 0,
  creatorId: 'u-1',
  creatorFullName: 'Marieke Jansen',
};

const fetchMock = vi.fn<typeof fetch>();
let posted: ProductInput[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/categories/all')) return jsonResponse(CATEGORIES);
    if (url.endsWith('/subcategories/all')) return jsonResponse([]);
    if (url.endsWith('/products/delivery-methods')) return jsonResponse({ items: DELIVERY, totalCount: 2 });
    if (url.endsWith('/settings')) return jsonResponse(SETTINGS);
    if (url.endsWith('/products') && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)) as ProductInput);
      return jsonResponse(SAVED);
    }
    return jsonResponse({ error: { code: 'NotFound', message: 'x', details: null, validationErrors: null } }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderWizard() {
  const router = createMemoryRouter(
    [
      { path: '/product/add', element: <ProductAddPage /> },
      { path: '/products', element: <p>productenlijst</p> },
    ],
    { initialEntries: ['/product/add'] },
  );
  return renderWithProviders(
    <>
      <LiveRegion />
      <RouterProvider router={router} />
    </>,
  );
}

// The label, with or without the asterisk of a required field ('Prijs', not 'Prijsberekening').
const label = (text: string) => new RegExp(`^${text}\\W*$`);
const field = (text: string) => screen.getByLabelText(label(text)) as HTMLInputElement;
// The first screen waits for the lazy reference data (categories); a busy machine needs more than a second.
const SLOW = { timeout: 10_000 };
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Volgende' }));

describe('the product wizard', { timeout: 30_000 }, () => {
  it('keeps each step until its fields are valid, with the Dutch messages, then saves and says Gelukt!', async () => {
    renderWizard();
    expect(screen.getByRole('heading', { name: 'Product toevoegen' })).toBeTruthy();
    await screen.findByLabelText('Keramiek', {}, SLOW);

    next();
    expect(screen.getByText(MESSAGES.productNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.categoryRequired)).toBeTruthy();
    expect(screen.queryByLabelText(label('Prijs'))).toBeNull();

    type('Naam', 'Schaal');
    fireEvent.click(screen.getByLabelText('Keramiek'));
    next();
    await screen.findByLabelText(label('Prijs'), {}, SLOW);
    expect(screen.queryByText(MESSAGES.productNameRequired)).toBeNull();

    next();
    expect(screen.getByText(MESSAGES.priceRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.deliveryMethodRequired)).toBeTruthy();
    type('Prijs', '5');
    fireEvent.click(await screen.findByLabelText(/^Verzenden/, {}, SLOW));
    next();
    expect(screen.getByText(MESSAGES.priceTooLow)).toBeTruthy();

    type('Prijs', '12,50');
    // The live breakdown uses the server's percentages.
    expect(screen.getByLabelText('Prijsberekening').textContent).toContain('Btw (21%)');
    next();
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));

    expect(await screen.findByRole('heading', { name: 'Gelukt!' })).toBeTruthy();
    expect(screen.getByText(`${MESSAGES.productSaved} (DD-0042 · Schaal).`)).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      name: 'Schaal',
      price: 12.5,
      categories: [{ id: 'c-keramiek' }],
      deliveryMethods: [{ id: 2 }],
    });
  });

  it('goes back with Vorige and keeps what was typed', async () => {
    renderWizard();
    await screen.findByLabelText('Keramiek', {}, SLOW);
    type('Naam', 'Kom');
    fireEvent.click(screen.getByLabelText('Keramiek'));
    next();
    await screen.findByLabelText(label('Prijs'), {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(field('Naam').value).toBe('Kom');
    expect((screen.getByLabelText('Keramiek') as HTMLInputElement).checked).toBe(true);
    expect(posted).toEqual([]);
  });

  it('puts focus on the first field to fix and, after Volgende, on the new step heading, and says both aloud', async () => {
    renderWizard();
    await screen.findByLabelText('Keramiek', {}, SLOW);
    const said = () => screen.getByRole('status').textContent;

    next();
    await waitFor(() => expect(document.activeElement).toBe(field('Naam')));
    expect(said()).toBe(MESSAGES.formInvalid(2, 'Naam'));

    type('Naam', 'Schaal');
    fireEvent.click(screen.getByLabelText('Keramiek'));
    next();
    const heading = await screen.findByRole('heading', { name: 'Stap 2 van 4: Prijs & verzending' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(said()).toBe('Stap 2 van 4: Prijs & verzending');
    // Below the page title (h1) the step is an h2, so the price step's own sections (h3) skip no level.
    expect(heading.tagName).toBe('H2');

    fireEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    const first = await screen.findByRole('heading', { name: 'Stap 1 van 4: Gegevens' }, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(first));
  });
});
