import { describe, expect, it } from 'vitest';
import { changeList, readList, writeList } from '../../../components/list-state.ts';
import { AUDIT_LIST, auditFilters } from './audit-log-url.ts';

const read = (query: string) => readList(AUDIT_LIST, new URLSearchParams(query));

describe('the Logboek in its URL', () => {
  it('reads back what it wrote, and leaves out what is empty', () => {
    const state = {
      user: 'jansen',
      tenantId: '0b6f3c1e-2a4d-4c5e-9f10-1a2b3c4d5e6f',
      kind: 'login' as const,
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
    };
    const params = writeList(AUDIT_LIST, state);
    expect(params.toString()).toBe(
      'gebruiker=jansen&atelier=0b6f3c1e-2a4d-4c5e-9f10-1a2b3c4d5e6f&soort=inloggen&van=2026-01-01&tot=2026-01-31&pagina=3',
    );
    expect(read(params.toString())).toEqual({ state, former: false });
    const none = { ...state, user: '', tenantId: '', kind: '' as const, from: '', to: '', page: 1 };
    expect(writeList(AUDIT_LIST, none).toString()).toBe('');
  });

  it('reads the kind by its code, as earlier links had it', () => {
    expect(read('soort=download')).toEqual({ state: { ...read('').state, kind: 'download' }, former: true });
  });

  it('ignores what it cannot read, starts at page 1 on a change and never sends a range backwards', () => {
    const { state } = read('soort=nope&atelier=x&van=2026-13-45&pagina=-2');
    expect(state).toEqual({ user: '', tenantId: '', kind: '', from: '', to: '', page: 1 });
    expect(changeList(AUDIT_LIST, { ...state, page: 4 }, { kind: 'download' }).page).toBe(1);
    expect(auditFilters({ ...state, from: '2026-02-01', to: '2026-01-01' })).toEqual({ from: '2026-02-01' });
  });
});
