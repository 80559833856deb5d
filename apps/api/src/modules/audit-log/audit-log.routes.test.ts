import type { AuditPage, ErrorEnvelope, Workshop } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { DEMO_PASSWORD } from '../../seed/demo-data.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, OTHER_DEMO_WORKSHOP, type TestApp } from '../../test/test-app.ts';

/** The Logboek. Who, what (old → new, secrets masked), when, from where; scoped per workshop. */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let ownWorkshop: string;
let otherWorkshop: string;
const UA = { 'user-agent': 'LogboekTest/1.0' };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await demoTokens(t);
  ownWorkshop = await t.tenantId(DEMO_WORKSHOP);
  otherWorkshop = await t.tenantId(OTHER_DEMO_WORKSHOP);
});
afterAll(async () => {
  await t?.close();
});

const page = (token: string, query = '') =>
  t.call<AuditPage & ErrorEnvelope>('GET', `/api/audit-log?${query}`, { token });

describe('entries', () => {
  it('records log-ins and failures with address and user agent', async () => {
    const headers = { ...UA, __tenant: otherWorkshop };
    await t.call('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'beheer@glasatelierhelder.nl', password: 'Verkeerd2026!' },
      headers,
    });
    await t.call('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'beheer@glasatelierhelder.nl', password: DEMO_PASSWORD },
      headers,
    });
    const { items } = (await page(tokens.superAdmin, 'kind=login&user=glasatelierhelder&maxResultCount=5')).body;
    const [ok, failed] = items;
    expect(ok).toMatchObject({
      action: 'login',
      kind: 'login',
      userAgent: 'LogboekTest/1.0',
      workshopName: OTHER_DEMO_WORKSHOP,
    });
    expect(ok?.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(failed).toMatchObject({ action: 'login.failed', userAgent: 'LogboekTest/1.0' });
  });

  it('records an IBAN change as old → new, masked', async () => {
    const id = (await t.call<Workshop>('GET', `/api/workspaces/find-by-tenant/${ownWorkshop}`, { token: tokens.admin }))
      .body;
    const { name: _n, creditorNumber: _c, debtorNumber: _d, ...own } = id;
    const res = await t.call('PUT', `/api/workspaces/${id.id}`, {
      token: tokens.admin,
      body: { ...own, iban: 'NL91ABNA0417164300', ibanHolder: 'De Draaischijf', currentPassword: DEMO_PASSWORD },
      headers: UA,
    });
    expect(res.status).toBe(200);
    const [entry] = (await page(tokens.admin, 'kind=workshop&maxResultCount=1')).body.items;
    expect(entry).toMatchObject({ action: 'workspace.update', userAgent: 'LogboekTest/1.0' });
    expect(JSON.stringify(entry?.data)).not.toContain('0417164300');
    expect(entry?.data?.iban).toMatchObject({ to: expect.stringMatching(/43 00$/) });
  });

  it('records a download with its file and filters', async () => {
    const res = await t.call('GET', '/api/export/admins', { token: tokens.superAdmin, headers: UA });
    expect(res.status).toBe(200);
    const [entry] = (await page(tokens.superAdmin, 'kind=download&maxResultCount=1')).body.items;
    expect(entry).toMatchObject({ action: 'download', entityId: 'exportAdmins', userAgent: 'LogboekTest/1.0' });
    expect(entry?.data).toMatchObject({ file: 'beheerders.xls' });
  });

  it('masks secrets whatever an entry wrote', async () => {
    await audit(t.ctx.db, {
      actorUserId: null,
      tenantId: ownWorkshop,
      action: 'user.update',
      entityType: 'user',
      entityId: null,
      data: { password: 'Geheim2026!', nested: { refreshToken: 'abc' }, name: { from: 'A', to: 'B' } },
    });
    const [entry] = (await page(tokens.admin, 'kind=users&maxResultCount=1')).body.items;
    expect(JSON.stringify(entry?.data)).not.toMatch(/Geheim2026|abc/);
    expect(entry?.data?.name).toEqual({ from: 'A', to: 'B' });
  });
});

describe('who sees what', () => {
  it('shows a workshop admin the own workshop only, whatever tenantId the query asks', async () => {
    const own = (await page(tokens.admin, 'maxResultCount=100')).body;
    expect(own.totalCount).toBeGreaterThan(0);
    expect(own.items.every((e) => e.tenantId === ownWorkshop)).toBe(true);
    const asked = (await page(tokens.admin, `tenantId=${otherWorkshop}&maxResultCount=100`)).body;
    expect(asked.items.every((e) => e.tenantId === ownWorkshop)).toBe(true);
    const exported = await t.call<ArrayBuffer>('GET', `/api/audit-log/export?tenantId=${otherWorkshop}`, {
      token: tokens.admin,
    });
    expect(exported.status).toBe(200);
  });

  it('shows the super admin every workshop, narrowed by workshop on request', async () => {
    const all = (await page(tokens.superAdmin, 'maxResultCount=100')).body;
    expect(new Set(all.items.map((e) => e.tenantId)).size).toBeGreaterThan(1);
    const other = (await page(tokens.superAdmin, `tenantId=${otherWorkshop}&maxResultCount=100`)).body;
    expect(other.totalCount).toBeGreaterThan(0);
    expect(other.items.every((e) => e.tenantId === otherWorkshop)).toBe(true);
  });

  it('refuses a plain user and a caller without a log-in', async () => {
    expect((await page(tokens.user)).status).toBe(403);
    expect((await t.call('GET', '/api/audit-log')).status).toBe(401);
    expect((await t.call('GET', '/api/audit-log/export', { token: tokens.user })).status).toBe(403);
  });
});

describe('filters and paging', () => {
  it('narrows by date range, pages and refuses a range backwards', async () => {
    expect((await page(tokens.superAdmin, 'from=2000-01-01&to=2000-12-31')).body.totalCount).toBe(0);
    const wide = (await page(tokens.superAdmin, 'from=2000-01-01&to=2999-12-31&maxResultCount=2')).body;
    expect(wide.items).toHaveLength(2);
    const next = (await page(tokens.superAdmin, 'from=2000-01-01&to=2999-12-31&maxResultCount=2&skipCount=2')).body;
    expect(next.items[0]?.id).not.toBe(wide.items[0]?.id);
    expect(next.totalCount).toBe(wide.totalCount);
    expect((await page(tokens.superAdmin, 'from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await page(tokens.superAdmin, 'kind=nope')).status).toBe(400);
  });

  it('exports the filtered entries as .xlsx', async () => {
    const res = await fetch(`${t.baseUrl}/api/audit-log/export?kind=login&user=glasatelierhelder`, {
      headers: { authorization: `Bearer ${tokens.superAdmin}` },
    });
    expect(res.headers.get('content-disposition')).toContain('logboek.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Logboek');
    expect(sheet?.getRow(1).values).toContain('IP-adres');
    const whats = (sheet?.getColumn(4).values ?? []).slice(2);
    expect(whats.length).toBeGreaterThan(1);
    for (const what of whats) expect(String(what)).toMatch(/^(Ingelogd|Inloggen mislukt|Uitgelogd)/);
  });
});

/** The database's own refusal, under Drizzle's "Failed query" wrapper. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? String(error);
  }
  return 'no error';
}

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [row] = await t.ctx.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    if (!row) throw new Error('no audit entry');
    expect(await refusal(t.ctx.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(t.ctx.db.delete(auditLog).where(eq(auditLog.id, row.id)))).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(t.ctx.db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only: TRUNCATE refused/);
    const [kept] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(kept?.action).not.toBe('x');
  });
});
