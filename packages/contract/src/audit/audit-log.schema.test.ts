import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, auditKindOf, auditListQuerySchema } from './audit-log.schema.ts';
import { AUDIT_KIND_LABELS, auditActionLabel, auditDetails } from './audit-messages.ts';

describe('audit kinds', () => {
  it('groups actions by the start of their name, and every kind has a Dutch label', () => {
    expect(auditKindOf('login.failed')).toBe('login');
    expect(auditKindOf('two-factor.enable')).toBe('security');
    expect(auditKindOf('workspace.update')).toBe('workshop');
    expect(auditKindOf('download')).toBe('download');
    expect(auditKindOf('payment.refunded')).toBe('payment');
    expect(auditKindOf('reservation.refund-requested')).toBe('payment');
    expect(auditKindOf('reservation.approve')).toBe('reservation');
    expect(auditKindOf('something-new')).toBeNull();
    for (const kind of AUDIT_KINDS) expect(AUDIT_KIND_LABELS[kind]).toMatch(/\S/);
  });

  it('shows old → new and plain values in one line, and a technical name when it has no label', () => {
    expect(auditDetails({ iban: { from: 'NL•• 43 00', to: null }, passwordChanged: true })).toBe(
      'iban: NL•• 43 00 → —; passwordChanged: true',
    );
    expect(auditDetails(null)).toBe('');
    expect(auditActionLabel('login')).toBe('Ingelogd');
    expect(auditActionLabel('reservation.placed')).toBe('reservation.placed');
  });

  it('refuses an unknown kind, a page too large and a range backwards', () => {
    expect(auditListQuerySchema.safeParse({ kind: 'nope' }).success).toBe(false);
    expect(auditListQuerySchema.safeParse({ maxResultCount: '101' }).success).toBe(false);
    expect(auditListQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(auditListQuerySchema.parse({ user: '  ' })).toEqual({ user: undefined, skipCount: 0, maxResultCount: 25 });
  });
});
