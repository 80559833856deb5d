import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, envelopeOf } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { openConfirmDialog } from './confirm-dialog.tsx';
import { type ListSort, ListTable, type ListTableProps, sortRecords, useShownWithRows } from './data-table.tsx';
import type { RowAction } from './row-actions-menu.tsx';

type Vase = { id: string; name: string; price: number };
const VASES: Vase[] = [
  { id: 'a', name: 'Blauwe vaas', price: 40 },
  { id: 'b', name: 'Groene vaas', price: 25 },
];

function renderTable(props: Partial<ListTableProps<Vase, 'name' | 'price'>> = {}) {
  return renderWithProviders(
    <ModalsProvider>
      <ListTable<Vase, 'name' | 'price'>
        label="Vazen"
        records={VASES}
        loading={false}
        onRetry={() => {}}
        emptyText="Er zijn nog geen vazen."
        rowName={(v) => v.name}
        columns={[
          { accessor: 'name', title: 'Naam' },
          { accessor: 'price', title: 'Prijs' },
        ]}
        {...props}
      />
    </ModalsProvider>,
  );
}

/** What the page showed at each commit that carried new records from the screen (the test of decision 0093). */
const commits: string[] = [];
function Probe() {
  useLayoutEffect(() => {
    commits.push(
      screen.queryByRole('status')
        ? 'skeleton'
        : (document.querySelector('tbody tr')?.textContent ?? 'nothing').replace(/\d+/, ''),
    );
  });
  return null;
}
let setRecords: (records: Vase[] | undefined) => void = () => {};
function ListWithArrivingRows() {
  const [records, set] = useState<Vase[] | undefined>(undefined);
  setRecords = set;
  return (
    <ListTable<Vase, 'name' | 'price'>
      label="Vazen"
      records={records}
      loading={records === undefined}
      onRetry={() => {}}
      emptyText="Er zijn nog geen vazen."
      rowName={(v) => v.name}
      columns={[
        { accessor: 'name', title: 'Naam' },
        { accessor: 'price', title: 'Prijs' },
      ]}
      toolbar={<Probe />}
    />
  );
}

/** A screen with a total under its list, from the same answer (the statements): what each of its commits showed. */
const screenCommits: string[] = [];
function ScreenProbe() {
  useLayoutEffect(() => {
    const rows = screen.queryByRole('status') ? 'skeleton' : `${document.querySelectorAll('tbody tr').length} rows`;
    screenCommits.push(`${rows}, ${screen.queryByText(/^Totaal/) ? 'total' : 'no total'}`);
  });
  return null;
}
let setAnswer: (answer: { vases: Vase[]; total: number } | undefined) => void = () => {};
function ScreenWithTotal() {
  const [answer, set] = useState<{ vases: Vase[]; total: number } | undefined>(undefined);
  setAnswer = set;
  const shown = useShownWithRows(answer);
  return (
    <>
      <ListTable<Vase, 'name' | 'price'>
        label="Vazen"
        records={shown?.vases}
        loading={!shown}
        onRetry={() => {}}
        emptyText="Er zijn nog geen vazen."
        rowName={(v) => v.name}
        columns={[{ accessor: 'name', title: 'Naam' }]}
      />
      {shown && <p>Totaal {shown.total}</p>}
      <ScreenProbe />
    </>
  );
}

describe('ListTable states', () => {
  it('shows a skeleton while loading, not the empty text', () => {
    renderTable({ records: undefined, loading: true });
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Er zijn nog geen vazen.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows rows that arrive where none were after the skeleton, in a commit of their own; a new order at once', () => {
    commits.length = 0;
    renderWithProviders(<ListWithArrivingRows />);
    act(() => setRecords(VASES));
    // The answer's own commit still shows the skeleton; the rows follow in the transition's.
    expect(commits).toEqual(['skeleton', 'skeleton']);
    expect(screen.getAllByRole('row')).toHaveLength(3);

    const reversed = [...VASES].reverse();
    act(() => setRecords(reversed));
    expect(commits.at(-1)).toBe('Groene vaas');
    act(() => setRecords([]));
    expect(commits.at(-1)).not.toBe('skeleton');
    expect(screen.getByText('Er zijn nog geen vazen.')).toBeTruthy();
  });

  it('shows what the screen takes from the same answer (a total under the list) in the commit of the rows, not before', () => {
    screenCommits.length = 0;
    renderWithProviders(<ScreenWithTotal />);
    act(() => setAnswer({ vases: VASES, total: 65 }));
    // Never a total under the skeleton, to be pushed down by the rows a frame later.
    expect(screenCommits).toEqual(['skeleton, no total', 'skeleton, no total', '2 rows, total']);
    act(() => setAnswer(undefined));
    expect(screenCommits.at(-1)).toBe('skeleton, no total');
  });

  it('says when there is nothing', () => {
    renderTable({ records: [] });
    expect(screen.getByText('Er zijn nog geen vazen.')).toBeTruthy();
  });

  it('shows the reason of a failed load and retries with Opnieuw proberen', () => {
    const onRetry = vi.fn();
    renderTable({
      records: undefined,
      error: new ApiError(503, envelopeOf('De database is even niet bereikbaar.')),
      onRetry,
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('De database is even niet bereikbaar.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('pages in Dutch', () => {
    renderTable({ paging: { page: 2, onPageChange: () => {}, totalRecords: 60, perPage: 25 } });
    expect(screen.getByText('26–27 van 60')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volgende pagina' })).toBeTruthy();
  });

  it('selects rows with named check boxes', () => {
    const onChange = vi.fn();
    renderTable({ selection: { selected: [], onChange } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Groene vaas selecteren' }));
    expect(onChange).toHaveBeenCalledWith([VASES[1]]);
  });
});

describe('ListTable rows', () => {
  it('opens a focused row with Enter, and with a click', () => {
    const onOpen = vi.fn();
    renderTable({ onOpen });
    const row = screen.getByRole('row', { name: /Groene vaas/ });
    expect(row.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith(VASES[1]);
    fireEvent.click(within(screen.getByRole('row', { name: /Blauwe vaas/ })).getByText('Blauwe vaas'));
    expect(onOpen).toHaveBeenLastCalledWith(VASES[0]);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("puts a row's actions in a '…' menu, the destructive one last and red, a disabled one with its reason", async () => {
    const onOpen = vi.fn();
    const copy = vi.fn();
    const actions: RowAction[] = [
      { label: 'Verwijderen', onClick: () => {}, destructive: true },
      { label: 'Kopiëren', onClick: copy },
      { label: 'Publiceren', onClick: () => {}, disabledReason: 'Eerst een foto toevoegen' },
    ];
    renderTable({ onOpen, rowActions: () => actions });
    fireEvent.click(screen.getByRole('button', { name: 'Acties voor Groene vaas' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Kopiëren', 'PublicerenEerst een foto toevoegen', 'Verwijderen']);
    expect(items[2]?.outerHTML).toMatch(/red/);
    expect(items[1]?.hasAttribute('disabled') || items[1]?.getAttribute('data-disabled') === 'true').toBe(true);
    fireEvent.click(items[0] as HTMLElement);
    expect(copy).toHaveBeenCalledTimes(1);
    // The menu's click does not open the row.
    expect(onOpen).not.toHaveBeenCalled();
  });

  it("builds a row's menu only when its '…' is pressed, and gives the focus back to that '…' when it closes", async () => {
    renderTable({ rowActions: () => [{ label: 'Kopiëren', onClick: () => {} }] });
    const button = screen.getByRole('button', { name: 'Acties voor Groene vaas' });
    // Before: a button that says it opens a menu, and no menu anywhere (a built menu's target has the menu's id).
    expect(button.hasAttribute('id')).toBe(false);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menuitem')).toBeNull();
    button.focus();
    fireEvent.click(button);
    const item = await screen.findByRole('menuitem', { name: 'Kopiëren' });
    const built = screen.getByRole('button', { name: 'Acties voor Groene vaas' });
    expect(built.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(item, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(built));
    // The other row's menu is still not built.
    expect(screen.getByRole('button', { name: 'Acties voor Blauwe vaas' }).hasAttribute('id')).toBe(false);
    expect(built.hasAttribute('id')).toBe(true);
  });

  it('sorts by a typed key', () => {
    const sort: ListSort<'name' | 'price'> = { columnAccessor: 'price', direction: 'asc' };
    const byPrice = sortRecords(VASES, sort, { name: (v) => v.name, price: (v) => v.price });
    expect(byPrice.map((v) => v.id)).toEqual(['b', 'a']);
    const byName = sortRecords(
      VASES,
      { columnAccessor: 'name', direction: 'desc' },
      { name: (v) => v.name, price: (v) => v.price },
    );
    expect(byName.map((v) => v.id)).toEqual(['b', 'a']);
  });
});

function DeletableVases() {
  const [records, setRecords] = useState(VASES);
  return (
    <ListTable<Vase>
      label="Vazen"
      records={records}
      loading={false}
      onRetry={() => {}}
      emptyText="Leeg"
      rowName={(v) => v.name}
      columns={[{ accessor: 'name', title: 'Naam' }]}
      rowActions={(v) => [
        {
          label: 'Verwijderen',
          destructive: true,
          onClick: () =>
            openConfirmDialog({
              title: 'Weet je het zeker?',
              children: `${v.name} verwijderen?`,
              confirmLabel: 'Ja, verwijderen',
              color: 'red',
              onConfirm: async () => setRecords((all) => all.filter((x) => x.id !== v.id)),
            }),
        },
      ]}
    />
  );
}

async function deleteThroughMenu(name: string, answer: 'Annuleren' | 'Ja, verwijderen') {
  fireEvent.click(screen.getByRole('button', { name: `Acties voor ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Verwijderen' }));
  const dialog = await screen.findByRole('dialog');
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: answer }));
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('the confirm dialog opened from a row menu', () => {
  it("returns focus to the row's '…' button when it is cancelled", async () => {
    renderWithProviders(
      <ModalsProvider>
        <DeletableVases />
      </ModalsProvider>,
    );
    await deleteThroughMenu('Blauwe vaas', 'Annuleren');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Acties voor Blauwe vaas' })),
    );
  });

  it('moves focus to the list, not the page body, when the row it came from is gone', async () => {
    renderWithProviders(
      <ModalsProvider>
        <DeletableVases />
      </ModalsProvider>,
    );
    await deleteThroughMenu('Blauwe vaas', 'Ja, verwijderen');
    expect(screen.queryByRole('row', { name: /Blauwe vaas/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-focus-fallback')).toBe(true));
  });
});
