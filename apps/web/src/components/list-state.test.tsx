import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import {
  choiceParam,
  DAY,
  defineList,
  listQuery,
  pageParam,
  readList,
  schemaParam,
  sortParam,
  textParam,
  useListState,
  writeList,
} from './list-state.ts';

type Column = 'price' | 'name';
const LIST = defineList(
  {
    tab: choiceParam<'open' | 'closed' | 'all', 'open' | 'closed' | 'all'>(
      'status',
      { open: 'open', afgerond: 'closed', alle: 'all' },
      'open',
    ),
    published: choiceParam<boolean, undefined>('gepubliceerd', { ja: true, nee: false }, undefined),
    search: textParam('zoek', 10),
    from: schemaParam('van', DAY),
    sort: sortParam<Column>({ prijs: 'price', naam: 'name' }, { columnAccessor: 'name', direction: 'asc' }),
    page: pageParam(),
  },
  { formerNames: { toon: 'status' } },
);
const read = (query: string) => readList(LIST, new URLSearchParams(query));
const DEFAULTS = read('').state;

describe('a list in its address', () => {
  it('leaves every default out, and reads back what it wrote', () => {
    expect(DEFAULTS).toEqual({
      tab: 'open',
      published: undefined,
      search: '',
      from: '',
      sort: { columnAccessor: 'name', direction: 'asc' },
      page: 1,
    });
    expect(writeList(LIST, DEFAULTS).toString()).toBe('');
    const state = {
      tab: 'closed' as const,
      published: false,
      search: 'vaas blauw',
      from: '2026-03-01',
      sort: { columnAccessor: 'price' as const, direction: 'desc' as const },
      page: 3,
    };
    const query = writeList(LIST, state).toString();
    expect(query).toBe(
      'status=afgerond&gepubliceerd=nee&zoek=vaas+blauw&van=2026-03-01&sorteer=prijs-aflopend&pagina=3',
    );
    expect(read(query)).toEqual({ state, former: false });
    // The default column the other way round is not the default: it is written.
    expect(listQuery(LIST, { sort: { columnAccessor: 'name', direction: 'desc' } })).toBe('sorteer=naam-aflopend');
  });

  it('reads what it cannot understand as the default', () => {
    expect(read('status=half&gepubliceerd=misschien&van=2026-02-30&sorteer=prijs&pagina=0&onbekend=1')).toEqual({
      state: DEFAULTS,
      former: false,
    });
    expect(read('sorteer=kleur-oplopend&pagina=2.5').state).toEqual(DEFAULTS);
    expect(read('zoek=heel-lang-gezocht').state.search).toBe('heel-lang-');
  });

  it('reads the earlier dialect: a renamed parameter, a sort in English, a choice by its code', () => {
    expect(read('toon=alle&sorteer=price-desc')).toEqual({
      state: { ...DEFAULTS, tab: 'all', sort: { columnAccessor: 'price', direction: 'desc' } },
      former: true,
    });
    expect(read('sorteer=price-aflopend').state.sort).toEqual({ columnAccessor: 'price', direction: 'desc' });
    expect(read('status=closed')).toEqual({ state: { ...DEFAULTS, tab: 'closed' }, former: true });
    // The new name wins over the old one.
    expect(read('toon=alle&status=afgerond').state.tab).toBe('closed');
  });
});

let shown = '';
let back: () => void = () => {};
let rowOpenedWith: string | undefined;
function Screen() {
  const [state, update, searchNow] = useListState(LIST);
  const location = useLocation();
  const navigate = useNavigate();
  shown = location.search;
  back = () => navigate(-1);
  return (
    <>
      <output aria-label="staat">{`${state.tab} ${state.page} ${state.search}`}</output>
      <button type="button" onClick={() => update({ page: state.page + 1 })}>
        Volgende
      </button>
      <button type="button" onClick={() => update({ tab: 'all' })}>
        Alle
      </button>
      <button type="button" onClick={() => update({ search: 'vaas' }, { replace: true })}>
        Zoek
      </button>
      <button
        type="button"
        onClick={() => {
          update({ tab: 'closed' });
          update({ published: true });
        }}
      >
        Twee tegelijk
      </button>
      <button
        type="button"
        onClick={() => {
          update({ tab: 'closed' });
          // A row clicked before the screen has rendered the tab (a slow phone): its dialog keeps the tab.
          rowOpenedWith = searchNow();
        }}
      >
        Tab en meteen een rij
      </button>
      <button type="button" onClick={() => (rowOpenedWith = searchNow())}>
        Rij
      </button>
    </>
  );
}

function renderScreen(entry: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={['/start', entry]} initialIndex={1}>
      <Routes>
        <Route path="/start" element={<p>Begin</p>} />
        <Route path="/lijst" element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
}

const state = () => screen.getByRole('status', { name: 'staat' }).textContent;
const click = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));

describe('useListState', () => {
  it('writes each change as a history entry, back to page 1 on anything but the page; back goes to the list before', async () => {
    renderScreen('/lijst');
    expect(state()).toBe('open 1 ');
    await click('Volgende');
    await click('Volgende');
    expect(shown).toBe('?pagina=3');
    await click('Alle');
    expect(shown).toBe('?status=alle');
    expect(state()).toBe('all 1 ');
    await act(() => back());
    expect(shown).toBe('?pagina=3');
    expect(state()).toBe('open 3 ');
  });

  it('replaces the history entry when asked (a search while typing)', async () => {
    renderScreen('/lijst?pagina=2');
    await click('Zoek');
    expect(shown).toBe('?zoek=vaas');
    await act(() => back());
    expect(screen.getByText('Begin')).toBeTruthy();
  });

  it('keeps both of two changes made at once', async () => {
    renderScreen('/lijst');
    await click('Twee tegelijk');
    expect(shown).toBe('?status=afgerond&gepubliceerd=ja');
  });

  it('gives a link away the query last written, before the screen has rendered it', async () => {
    renderScreen('/lijst?pagina=2');
    await click('Tab en meteen een rij');
    expect(rowOpenedWith).toBe('?status=afgerond');
    expect(shown).toBe('?status=afgerond');
    // Back to the address before: a row opened there keeps that one, not the query written earlier.
    await act(() => back());
    expect(shown).toBe('?pagina=2');
    await click('Rij');
    expect(rowOpenedWith).toBe('?pagina=2');
  });

  it('opens an address of the earlier dialect as the same list and replaces it with the new form', async () => {
    renderScreen('/lijst?toon=alle&sorteer=name-desc&pagina=2');
    expect(state()).toBe('all 2 ');
    expect(shown).toBe('?status=alle&sorteer=naam-aflopend&pagina=2');
    // Replaced, not added: back leaves the list.
    await act(() => back());
    expect(screen.getByText('Begin')).toBeTruthy();
  });
});
