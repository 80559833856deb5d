import { describe, expect, it } from 'vitest';
import { changeList, readList, writeList } from '../../../components/list-state.ts';
import { DEFAULT_SORT, RESERVATION_LIST } from './reservation-list-url.ts';

const read = (query: string) => readList(RESERVATION_LIST, new URLSearchParams(query)).state;
const write = (state: ReturnType<typeof read>) => writeList(RESERVATION_LIST, state).toString();

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
    expect(write(read(''))).toBe('');
  });

  it('round-trips every filter', () => {
    const query =
      'taak=toShip&status=betaald&zoek=Jansen+vaas&van=2026-03-01&tot=2026-03-31&sorteer=bedrag-oplopend&pagina=3';
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
    expect(write(state)).toBe(query);
  });

  it("reads the earlier links (`toon`, an English sort) and the dashboard's card links, and writes the new form", () => {
    const former = readList(RESERVATION_LIST, new URLSearchParams('toon=afgerond&sorteer=amount-desc'));
    expect(former).toEqual({
      state: { ...read(''), tab: 'closed', sort: { columnAccessor: 'amount', direction: 'desc' } },
      former: true,
    });
    expect(write(former.state)).toBe('status=afgerond&sorteer=bedrag-aflopend');
    expect(readList(RESERVATION_LIST, new URLSearchParams('status=alle')).former).toBe(false);
    expect(read('taak=toApprove')).toMatchObject({ tab: 'open', todo: 'toApprove' });
  });

  it('ignores what it cannot read instead of asking the server something it refuses', () => {
    expect(read('status=half&van=01-03-2026&tot=morgen&sorteer=email-asc&pagina=-2&taak=alles')).toEqual(read(''));
    // A range that ends before it starts keeps its start only.
    expect(read('van=2026-03-10&tot=2026-03-09')).toMatchObject({ from: '2026-03-10', to: '' });
    expect(read(`zoek=${'x'.repeat(300)}`).search).toHaveLength(100);
  });

  it('goes back to page 1 on any change but the page', () => {
    const state = read('pagina=4&zoek=a');
    expect(changeList(RESERVATION_LIST, state, { search: 'ab' })).toMatchObject({ search: 'ab', page: 1 });
    expect(changeList(RESERVATION_LIST, state, { page: 5 }).page).toBe(5);
  });
});
