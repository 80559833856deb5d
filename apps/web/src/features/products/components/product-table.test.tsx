import type { ProductListItem } from '@ateliermarkt/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PRODUCTS_PER_PAGE, ProductTable } from './product-table.tsx';

const TOTAL = 120;
const product = (i: number): ProductListItem => ({
  id: `p-${i}`,
  tenantId: 't-1',
  workspaceName: 'De Draaischijf',
  productNumber: `DD-${String(i).padStart(4, '0')}`,
  // Names in the opposite order of the numbers, so sorting by name changes the first page completely.
  name: `Vaas ${String(TOTAL - i).padStart(4, '0')}`,
  price: 10 + i,
  viewCount: i,
  isPublished: true,
  isReserved: false,
  isSold: false,
  isUniqueEdition: true,
  quantity: 1,
  creatorId: null,
  creatorFullName: i === 7 ? 'Tom Bakker' : 'Marieke Jansen',
  productImage: null,
});
const PRODUCTS = Array.from({ length: TOTAL }, (_, i) => product(i + 1));

function codesShown(): string[] {
  const table = screen.getByRole('table', { name: 'Producten' });
  return (
    within(table)
      .getAllByRole('row')
      .slice(1)
      // The code column gives way on narrow screens (jsdom matches no width); the code then stands under the name.
      .map((row) => /DD-\d{4}/.exec(row.textContent ?? '')?.[0] ?? '')
  );
}

function renderTable() {
  return renderWithProviders(
    <MemoryRouter>
      {/* A plain user who made none of them: each row's menu holds disabled actions only. */}
      <ProductTable products={PRODUCTS} loading={false} kind="user" userId="u-1" />
    </MemoryRouter>,
  );
}

describe('ProductTable with many products', { timeout: 30_000 }, () => {
  it('renders one page of rows, sorted over all products, and pages through them', () => {
    renderTable();
    const expectedDesc = PRODUCTS.map((p) => p.productNumber).reverse();
    expect(codesShown()).toEqual(expectedDesc.slice(0, PRODUCTS_PER_PAGE));
    expect(screen.getByText(`1–${PRODUCTS_PER_PAGE} van ${TOTAL}`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(codesShown()).toEqual(expectedDesc.slice(PRODUCTS_PER_PAGE, 2 * PRODUCTS_PER_PAGE));

    // Sorting takes every product into account and goes back to page 1: the first name A–Z is the last product.
    fireEvent.click(screen.getByRole('button', { name: /^Naam/ }));
    const shown = codesShown();
    expect(shown).toHaveLength(PRODUCTS_PER_PAGE);
    const byName = [...PRODUCTS].sort((a, b) => a.name.localeCompare(b.name, 'nl', { numeric: true }));
    const codes = byName.map((p) => p.productNumber);
    const ascending = codes.slice(0, PRODUCTS_PER_PAGE);
    const descending = [...codes].reverse().slice(0, PRODUCTS_PER_PAGE);
    expect(shown[0] === ascending[0] ? ascending : descending).toEqual(shown);
    expect(screen.getByText(`1–${PRODUCTS_PER_PAGE} van ${TOTAL}`)).toBeTruthy();
  });

  it('searches all products, not only the page on screen, once typing pauses', () => {
    vi.useFakeTimers();
    try {
      renderTable();
      fireEvent.change(screen.getByLabelText('Zoeken'), { target: { value: 'Tom' } });
      // Debounced: nothing is filtered while the user may still be typing.
      act(() => vi.advanceTimersByTime(100));
      expect(codesShown()).toHaveLength(PRODUCTS_PER_PAGE);
      act(() => vi.advanceTimersByTime(100));
      expect(codesShown()).toEqual(['DD-0007']);
      expect(screen.getByText('1–1 van 1')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
