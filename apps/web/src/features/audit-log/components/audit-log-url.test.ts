import { describe, expect, it } from 'vitest';
import { auditFilters, changeAuditState, readAuditState, writeAuditState } from './audit-log-url.ts';

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
    const params = writeAuditState(state);
    expect(params.toString()).toBe(
      'gebruiker=jansen&atelier=0b6f3c1e-2a4d-4c5e-9f10-1a2b3c4d5e6f&soort=login&van=2026-01-01&tot=2026-01-31&pagina=3',
    );
    expect(readAuditState(params)).toEqual(state);
    expect(writeAuditState({ ...state, user: '', tenantId: '', kind: '', from: '', to: '', page: 1 }).toString()).toBe(
      '',
    );
  });

  it('ignores what it cannot read, starts at page 1 on a change and never sends a range backwards', () => {
    const state = readAuditState(new URLSearchParams('soort=nope&atelier=x&van=2026-13-45&pagina=-2'));
    expect(state).toEqual({ user: '', tenantId: '', kind: '', from: '', to: '', page: 1 });
    expect(changeAuditState({ ...state, page: 4 }, { kind: 'download' }).page).toBe(1);
    expect(auditFilters({ ...state, from: '2026-02-01', to: '2026-01-01' })).toEqual({ from: '2026-02-01' });
  });
});
