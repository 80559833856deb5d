import { describe, expect, it } from 'vitest';
import { payoutAccountChangedMail } from './payout-account-changed.ts';

const change = {
  workshopName: 'De Draaischijf',
  changedBy: 'Marieke Jansen',
  changedAt: new Date('2026-11-24T08:05:00Z'),
  iban: 'NL91ABNA0417164300',
  ibanHolder: 'De Draaischijf B.V.',
};

describe('the mail about a changed payout account', () => {
  it('names the workshop, who changed it and when, the new IBAN masked, and what to do if it was not you', () => {
    const mail = payoutAccountChangedMail(change);
    expect(mail.subject).toBe('Uitbetaalrekening van De Draaischijf gewijzigd');
    expect(mail.text).toContain(
      'De rekening waarop Ateliermarkt de opbrengst van De Draaischijf uitbetaalt, is gewijzigd door Marieke Jansen op 24-11-2026 09:05 uur.',
    );
    expect(mail.text).toContain('Nieuw IBAN: NL•• •••• •••• ••43 00\nRekeninghouder: De Draaischijf B.V.');
    expect(mail.text).not.toContain('NL91ABNA0417164300');
    expect(mail.text).not.toContain('0417');
    expect(mail.text).toContain(
      'Heb jij dit niet gedaan of herken je deze wijziging niet? Neem dan direct contact op met Ateliermarkt',
    );
  });

  it('says so when the IBAN was removed', () => {
    const mail = payoutAccountChangedMail({ ...change, iban: null, ibanHolder: null });
    expect(mail.text).toContain('Het IBAN is verwijderd');
    expect(mail.text).not.toContain('Nieuw IBAN');
  });
});
