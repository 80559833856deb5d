import type { Category, ProductListItem, ProductPage } from '@ateliermarkt/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ProductList } from './product-list.tsx';
import { PRODUCTS_PER_PAGE } from './product-table.tsx';

const WONEN: Category = { id: '7d3c1a52-8a43-4a0e-9d8e-0c6f4e1b2a01', title: 'Wonen', isMainCategory: true };
const VAZEN: Category = { id: '0f9b8a52-1b43-4c0e-8d8e-3c6f4e1b2a02', title: 'Vazen', isMainCategory: false };
const TOTAL = 60;
const product = (i: number): ProductListItem => ({
  id: `p-${i}`,
  tenantId: 't-1',
  workspaceName: 'De Draaischijf',
  productNumber: `DD-${String(i).padStart(4, '0')}`,
  name: `Vaas ${i}`,
  price: 10 + i,
  viewCount: i,
  isPublished: true,
  isReserved: false,
  isSold: false,
  isUniqueEdition: i !== 1,
  quantity: i === 1 ? 6 : 1,
  creatorId: null,
  creatorFullName: 'Marieke Jansen',
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

const fetchMock = vi.fn<typeof fetch>();
/** The query of every GET products the list sent, in order. */
let asked: URLSearchParams[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/categories/all')) return jsonResponse([WONEN]);
    if (url.pathname.endsWith('/subcategories/all')) return jsonResponse([VAZEN]);
    if (url.pathname.endsWith('/products')) {
      asked.push(url.searchParams);
      const skip = Number(url.searchParams.get('skipCount'));
      const items = Array.from({ length: PRODUCTS_PER_PAGE }, (_, i) => product(skip + i + 1));
      return jsonResponse({ items, totalCount: TOTAL } satisfies ProductPage);
    }
    return jsonResponse({ error: { code: 'NotFound', message: 'Niet gevonden' } }, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

let location = '';
function LocationProbe() {
  location = useLocation().search;
  return null;
}

function renderList(entry: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/products"
          element={
            <>
              <ProductList kind="workshopAdmin" userId="u-1" />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const lastAsked = () => Object.fromEntries(asked.at(-1) ?? []);

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// The third test renders the list twice and changes five filters, each found by its role in the whole page (jsdom
// computes every candidate's style for that): about 8 s of CPU, which on the shared 2-core machine took 31–35 s of
// wall at a load of 25 and 65 s at a load of 33.
describe('ProductList and the URL', { timeout: 120_000 }, () => {
  it('reads search, filters, order and page from the URL and asks the server for exactly that page', async () => {
    const query = `zoek=vaas&gepubliceerd=nee&status=verkocht&categorie=${VAZEN.id}&sorteer=prijs-aflopend&pagina=2`;
    renderList(`/products?${query}`);
    await screen.findByText('Vaas 26');
    expect(lastAsked()).toEqual({
      skipCount: '25',
      maxResultCount: String(PRODUCTS_PER_PAGE),
      sorting: 'price desc',
      search: 'vaas',
      published: 'false',
      availability: 'sold',
      categoryId: VAZEN.id,
    });
    expect((screen.getByLabelText('Zoeken') as HTMLInputElement).value).toBe('vaas');
    expect((screen.getByRole('combobox', { name: 'Gepubliceerd' }) as HTMLInputElement).value).toBe('Nee');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Verkocht');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Categorie' }) as HTMLInputElement).value).toBe('Vazen'),
    );
    expect(screen.getByText(`26–50 van ${TOTAL}`)).toBeTruthy();
    expect(location).toBe(`?${query}`);
  });

  it('opens a link of the earlier dialect as the same list, and writes it in the new form', async () => {
    renderList('/products?sorteer=price-desc&pagina=2');
    await screen.findByText('Vaas 26');
    expect(lastAsked()).toMatchObject({ skipCount: '25', sorting: 'price desc' });
    await waitFor(() => expect(location).toBe('?sorteer=prijs-aflopend&pagina=2'));
  });

  it('writes every change to the URL, back to page 1 on a new filter, and a reload shows the same list', async () => {
    const first = renderList('/products');
    await screen.findByText('Vaas 1');
    // A product with stock shows it; a unique edition does not.
    expect(screen.getByText('Voorraad: 6')).toBeTruthy();
    expect(screen.getAllByText(/Voorraad/)).toHaveLength(1);
    expect(location).toBe('');
    expect(lastAsked()).toMatchObject({ skipCount: '0', sorting: 'productNumber desc' });

    fireEvent.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    await waitFor(() => expect(location).toBe('?pagina=2'));
    await choose('Status', 'Gereserveerd');
    await waitFor(() => expect(location).toBe('?status=gereserveerd'));
    await choose('Gepubliceerd', 'Ja');
    await choose('Categorie', 'Wonen');
    fireEvent.click(within(screen.getByRole('table', { name: 'Producten' })).getByRole('button', { name: /^Prijs/ }));
    await waitFor(() => expect(new URLSearchParams(location).get('sorteer')).toBe('prijs-aflopend'));
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'DD-00' } });
    // The search is sent once typing pauses: testing-library's patience (5 s, src/test/setup.ts), not a shorter one of
    // its own, which the pause and the re-render outlasted at a load of 33.
    await waitFor(() => expect(new URLSearchParams(location).get('zoek')).toBe('DD-00'));
    const url = location;
    expect(Object.fromEntries(new URLSearchParams(url))).toEqual({
      zoek: 'DD-00',
      gepubliceerd: 'ja',
      status: 'gereserveerd',
      categorie: WONEN.id,
      sorteer: 'prijs-aflopend',
    });
    await waitFor(() =>
      expect(lastAsked()).toEqual({
        skipCount: '0',
        maxResultCount: String(PRODUCTS_PER_PAGE),
        sorting: 'price desc',
        search: 'DD-00',
        published: 'true',
        availability: 'reserved',
        categoryId: WONEN.id,
      }),
    );
    const before = lastAsked();

    // A reload: a fresh app on the same URL asks the server for the same list and shows the same fields.
    first.unmount();
    asked = [];
    renderList(`/products${url}`);
    await screen.findByText('Vaas 1');
    expect(lastAsked()).toEqual(before);
    expect((screen.getByLabelText('Zoeken') as HTMLInputElement).value).toBe('DD-00');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement).value).toBe('Gereserveerd');

    // Clearing the filters keeps the order, and the plain list has a plain URL again once the order is default.
    // A search typed just before the click is dropped with the rest, not sent once typing 'pauses'.
    fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'nog-niet-verstuurd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filters wissen' }));
    await waitFor(() => expect(location).toBe('?sorteer=prijs-aflopend'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(location).toBe('?sorteer=prijs-aflopend');
    expect((screen.getByLabelText('Zoeken') as HTMLInputElement).value).toBe('');
  });
});
