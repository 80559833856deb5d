import type { RoleKind } from '@ateliermarkt/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../plugins/auth.ts';
import { payoutView } from './workshops.service.ts';

/** Who sees a workshop's IBAN whole; the routes' tests cover who may read a workshop at all. */
const WORKSHOP = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const actor = (kind: RoleKind, workshopId: string | null): Actor => ({
  userId: 'u',
  tenantId: workshopId,
  role: kind === 'user' ? 'user' : 'admin',
  kind,
  sessionId: 's',
});
const row = { tenantId: WORKSHOP, iban: 'NL91ABNA0417164300', ibanHolder: 'De Draaischijf' };

describe('payoutView', () => {
  it('is whole for the super admin and the workshop’s own admin', () => {
    expect(payoutView(actor('superAdmin', null), row)).toEqual({ iban: row.iban, ibanHolder: 'De Draaischijf' });
    expect(payoutView(actor('workshopAdmin', WORKSHOP), row).iban).toBe(row.iban);
  });

  it('is masked for anyone else, and stays null when there is none', () => {
    expect(payoutView(actor('user', WORKSHOP), row)).toEqual({
      iban: 'NL•• •••• •••• ••43 00',
      ibanHolder: 'De Draaischijf',
    });
    expect(payoutView(actor('workshopAdmin', OTHER), row).iban).toBe('NL•• •••• •••• ••43 00');
    expect(payoutView(actor('user', WORKSHOP), { ...row, iban: null, ibanHolder: null })).toEqual({
      iban: null,
      ibanHolder: null,
    });
  });
});
