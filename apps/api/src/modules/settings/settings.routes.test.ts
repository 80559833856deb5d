import {
  type AdminSettings,
  type ErrorEnvelope,
  LEGAL_MESSAGES,
  MESSAGES,
  PLATFORM_SETTING_DEFAULTS,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_LEGAL } from '../../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_EXPIRE_AFTER: '10d' });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

const get = () => t.call<AdminSettings>('GET', '/api/admin/settings', { token: superToken });
const put = (body: unknown) =>
  t.call<AdminSettings & ErrorEnvelope>('PUT', '/api/admin/settings', { token: superToken, body });

describe('the super admin settings', () => {
  it('answers the defaults, with a deadline its environment variable fixes marked overridden', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body.defaults).toEqual(PLATFORM_SETTING_DEFAULTS);
    // The demo fills the platform's invoice data, so that 'Facturen uitgeven' works in it.
    expect(res.body.values).toEqual({
      ...PLATFORM_SETTING_DEFAULTS,
      ...DEMO_PLATFORM_LEGAL,
      paymentExpireAfter: '10d',
    });
    expect(res.body.overridden).toEqual(['paymentExpireAfter']);
  });

  it('stores every key, normalizes the IBAN, audits the change, and the next GET shows it', async () => {
    const { values } = (await get()).body;
    const res = await put({
      ...values,
      reservationRemindAfter: '12h',
      feePercent: 20,
      platformIban: 'nl91 abna 0417 1643 00',
      platformName: 'Ateliermarkt B.V.',
    });
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({
      reservationRemindAfter: '12h',
      feePercent: 20,
      platformIban: 'NL91ABNA0417164300',
      platformName: 'Ateliermarkt B.V.',
      paymentExpireAfter: '10d',
    });
    expect((await get()).body.values).toEqual(res.body.values);
    // The web app's settings (the wizard's price calculation) follow: the rates a reservation placed now gets.
    const app = await t.call<{ taxPercent: number; feePercent: number }>('GET', '/api/settings');
    expect(app.body).toMatchObject({ taxPercent: values.taxPercent, feePercent: 20 });
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toMatchObject({ changed: { reservationRemindAfter: '12h', feePercent: 20 } });
  });

  it('refuses to change a deadline its environment variable fixes, naming the variable', async () => {
    const { values } = (await get()).body;
    const res = await put({ ...values, paymentExpireAfter: '3d' });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors).toEqual([
      { message: MESSAGES.settingsOverriddenRefused('PAYMENT_EXPIRE_AFTER'), members: ['paymentExpireAfter'] },
    ]);
  });

  it('answers Dutch field errors for a bad duration, percent or IBAN, and stores nothing', async () => {
    const before = (await get()).body.values;
    const res = await put({ ...before, reservationExpireAfter: '3 dagen', taxPercent: 101, platformIban: 'NL00ABNA1' });
    expect(res.status).toBe(400);
    const members = res.body.error.validationErrors?.flatMap((e) => e.members) ?? [];
    expect(members.sort()).toEqual(['platformIban', 'reservationExpireAfter', 'taxPercent']);
    expect(res.body.error.validationErrors?.map((e) => e.message)).toContain(
      'Vul een duur in: een aantal minuten, uren of dagen.',
    );
    expect((await get()).body.values).toEqual(before);
  });

  it('keeps the platform as supplier of its invoices, checked and normalized', async () => {
    const before = (await get()).body.values;
    const wrong = await put({
      ...before,
      platformKvkNumber: '1234',
      platformVatId: 'NL123456789B01',
      feeVatPercent: -1,
      platformAddress: 'x'.repeat(301),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.validationErrors?.map((e) => `${e.members.join()}: ${e.message}`).sort()).toEqual(
      [
        `feeVatPercent: ${LEGAL_MESSAGES.feeVatPercentInvalid}`,
        `platformAddress: ${LEGAL_MESSAGES.platformAddressTooLong}`,
        `platformKvkNumber: ${LEGAL_MESSAGES.kvkNumberInvalid}`,
        `platformVatId: ${LEGAL_MESSAGES.vatIdInvalid}`,
      ].sort(),
    );
    expect((await get()).body.values).toEqual(before);
    const res = await put({
      ...before,
      platformLegalName: 'Ateliermarkt B.V.',
      platformAddress: 'Oudegracht 1\n3511 AA Utrecht',
      platformKvkNumber: '8765 4321',
      platformVatId: 'nl004495445b01',
      feeVatPercent: 9,
    });
    expect(res.status).toBe(200);
    expect((await get()).body.values).toMatchObject({
      platformLegalName: 'Ateliermarkt B.V.',
      platformAddress: 'Oudegracht 1\n3511 AA Utrecht',
      platformKvkNumber: '87654321',
      platformVatId: 'NL004495445B01',
      feeVatPercent: 9,
    });
  });

  it('refuses an expire deadline that does not come after its reminder', async () => {
    const { values } = (await get()).body;
    const res = await put({ ...values, reservationRemindAfter: '3d', reservationExpireAfter: '72h' });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors).toEqual([
      { message: MESSAGES.settingsExpireBeforeRemind, members: ['reservationExpireAfter'] },
    ]);
  });

  it('is the super admin’s only', async () => {
    const admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    expect((await t.call('GET', '/api/admin/settings', { token: admin })).status).toBe(403);
    expect((await t.call('GET', '/api/admin/settings')).status).toBe(401);
  });
});
