import { describe, expect, it } from 'vitest';
import { changeListState, DEFAULT_SORT, readListState, writeListState } from './reservation-list-url.ts';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('the reservations overview in its URL', () => {
  it('reads nothing as the open tab, newest first, page 1', () => {
    expect(read('')).toEqual({
      tab: 'open',
      search: '',
      from: '',
      to: '',
      sort: DEFAULT_SORT,
      page: 1,
      todo: undefined,
    });
    expect(writeListState(read('')).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const query = 'taak=toShip&toon=betaald&zoek=Jansen+vaas&van=2026-03-01&tot=2026-03-31&sorteer=amount-asc&pagina=3';
    const state = read(query);
    expect(state).toEqual({
      tab: 'paid',
      search: 'Jansen vaas',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: { columnAccessor: 'amount', direction: 'asc' },
      page: 3,
      todo: 'toShip',
    });
    expect(writeListState(state).toString()).toBe(query);
  });

  it("keeps the closed view's old link and the dashboard's card links", () => {
    expect(read('toon=afgerond').tab).toBe('closed');
    expect(read('taak=toApprove')).toMatchObject({ tab: 'open', todo: 'toApprove' });
  });

  it('ignores what it cannot read instead of asking the server something it refuses', () => {
    expect(read('toon=half&van=01-03-2026&tot=morgen&sorteer=email-asc&pagina=-2&taak=alles')).toEqual(read(''));
    // A range that ends before it starts keeps its start only.
    expect(read('van=2026-03-10&tot=2026-03-09')).toMatchObject({ from: '2026-03-10', to: '' });
    expect(read(`zoek=${'x'.repeat(300)}`).search).toHaveLength(100);
  });

  it('goes back to page 1 on any change but the page', () => {
    const state = read('pagina=4&zoek=a');
    expect(changeListState(state, { search: 'ab' })).toMatchObject({ search: 'ab', page: 1 });
    expect(changeListState(state, { page: 5 }).page).toBe(5);
  });
});
