import { type ErrorEnvelope, MESSAGES, type Workshop } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../../db/schema/index.ts';
import { createTestApp, linkIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let superToken: string;
let adminA: string;
let userA: string;
let adminB: string;
let all: Workshop[];
const byName = (name: string) => {
  const w = all.find((x) => x.name === name);
  if (!w) throw new Error(`no workshop ${name}`);
  return w;
};

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  userA = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
  adminB = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  all = (await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken })).body;
});
afterAll(async () => {
  await t?.close();
});

/** Image URLs carry PUBLIC_URL; the test server listens elsewhere. */
const local = (url: string | undefined) => `${t.baseUrl}${new URL(url ?? '/none', t.baseUrl).pathname}`;

const editable = (w: Workshop) => ({
  description: w.description,
  openingTimes: w.openingTimes,
  street: w.street,
  streetNumber: w.streetNumber,
  zipCode: w.zipCode,
  city: w.city,
  province: w.province,
  email: w.email ?? '',
  phone: w.phone,
  label: w.label,
  mainImage: w.mainImage,
  teamImage: w.teamImage,
});

describe('reading workshops', () => {
  it('lists every workshop with images and numbers for the super admin only', async () => {
    expect(all.map((w) => w.name)).toEqual(['De Draaischijf', 'Glasatelier Helder', 'Wolwerk Textielstudio']);
    const d = byName('De Draaischijf');
    expect(d.isFeatured).toBe(true);
    expect(d.creditorNumber).toBe('CR-1001');
    expect(d.mainImage?.fileMedium).toMatch(/\/uploads\/images\/[0-9a-f-]+\/medium\.jpg$/);
    const img = await fetch(local(d.mainImage?.thumbnail));
    expect(img.status).toBe(200);
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(img.headers.get('content-type')).toBe('image/jpeg');

    expect((await t.call('GET', '/api/workspaces/all')).status).toBe(401);
    expect((await t.call('GET', '/api/workspaces/all', { token: adminA })).status).toBe(403);
    expect((await t.call('GET', '/api/workspaces/all', { token: userA })).status).toBe(403);
  });

  it('shows a workshop admin its own workshop without the numbers, and 404 for any other', async () => {
    const own = byName('De Draaischijf');
    const other = byName('Glasatelier Helder');
    const res = await t.call<Workshop>('GET', `/api/workspaces/${own.id}`, { token: adminA });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('De Draaischijf');
    expect(res.body.creditorNumber).toBeNull();
    expect(res.body.debtorNumber).toBeNull();
    const byWorkshop = await t.call<Workshop>('GET', `/api/workspaces/find-by-tenant/${own.tenantId}`, {
      token: adminA,
    });
    expect(byWorkshop.body.id).toBe(own.id);

    expect((await t.call('GET', `/api/workspaces/${other.id}`, { token: adminA })).status).toBe(404);
    expect((await t.call('GET', `/api/workspaces/find-by-tenant/${other.tenantId}`, { token: adminA })).status).toBe(
      404,
    );
    expect((await t.call('GET', `/api/workspaces/${own.id}`, { token: userA })).status).toBe(403);
    expect((await t.call('GET', `/api/workspaces/${own.id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/workspaces/${other.id}`, { token: superToken })).body).toMatchObject({
      creditorNumber: 'CR-1002',
    });
  });
});

describe('adding a workshop', () => {
  it('validates name and e-mail with the Dutch texts of the contract', async () => {
    const short = await t.call<ErrorEnvelope>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'Klei', adminEmailAddress: 'x@example.nl' },
    });
    expect(short.status).toBe(200);
    const three = await t.call<ErrorEnvelope>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'Kle', adminEmailAddress: 'geen-adres' },
    });
    expect(three.status).toBe(400);
    expect(three.body.error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: MESSAGES.workspaceNameLength, members: ['name'] },
        { message: MESSAGES.emailInvalid('geen-adres'), members: ['adminEmailAddress'] },
      ]),
    );
    const long = await t.call<ErrorEnvelope>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'x'.repeat(65), adminEmailAddress: 'a@example.nl' },
    });
    expect(long.body.error.validationErrors?.[0]).toEqual({ message: MESSAGES.workspaceNameLength, members: ['name'] });
    const empty = await t.call<ErrorEnvelope>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: '', adminEmailAddress: '' },
    });
    expect(empty.body.error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: MESSAGES.workspaceNameRequired, members: ['name'] },
        { message: MESSAGES.emailRequired, members: ['adminEmailAddress'] },
      ]),
    );
    const dup = await t.call<ErrorEnvelope>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'de draaischijf', adminEmailAddress: 'a@example.nl' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toBe(MESSAGES.workspaceNameTaken);
  });

  it('creates tenant, workshop and admin, and mails the admin a link to choose a password', async () => {
    const before = (await t.mails()).length;
    const res = await t.call<Workshop>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'Smederij Vonk', adminEmailAddress: 'vonk@example.nl', creditorNumber: 'CR-9', debtorNumber: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Smederij Vonk', isPublished: false, creditorNumber: 'CR-9' });
    expect(res.body.debtorNumber).toBeNull();
    const mail = (await t.mails()).at(-1);
    expect((await t.mails()).length).toBe(before + 1);
    expect(mail?.to).toBe('vonk@example.nl');
    if (!mail) throw new Error('no mail');
    const link = linkIn(mail);
    expect(link.searchParams.get('tenantId')).toBe(res.body.tenantId);
    const set = await t.call('POST', '/api/account/reset-password', {
      body: {
        newPassword: 'Vonk2026!smid',
        token: link.searchParams.get('code'),
        userId: link.searchParams.get('userId'),
        tenantId: link.searchParams.get('tenantId'),
      },
    });
    expect(set.status).toBe(204);
    expect((await t.login('vonk@example.nl', 'Smederij Vonk', 'Vonk2026!smid')).status).toBe(200);
    expect((await t.call('POST', '/api/workspaces', { token: adminA, body: {} })).status).toBe(403);
    expect((await t.call('POST', '/api/workspaces', { token: userA, body: {} })).status).toBe(403);
  });

  it('gives a new workshop its shop address by the one slug rule (lib/slug.ts), numbered when taken', async () => {
    const slugOf = async (name: string) => {
      const res = await t.call<Workshop>('POST', '/api/workspaces', {
        token: superToken,
        body: { name, adminEmailAddress: `${name.length}-slug@example.nl` },
      });
      expect(res.status).toBe(200);
      const [row] = await t.ctx.db
        .select({ slug: tenants.slug })
        .from(tenants)
        .where(eq(tenants.id, res.body.tenantId));
      return row?.slug;
    };
    expect(await slugOf('Keramiek & Glas')).toBe('keramiek-en-glas');
    expect(await slugOf('Keramiek en Glas!')).toBe('keramiek-en-glas-2');
  });
});

describe('editing a workshop', () => {
  it('lets the workshop admin edit its own workshop, never the name or the numbers', async () => {
    const own = byName('De Draaischijf');
    const body = {
      ...editable(own),
      openingTimes: 'Alle dagen 9:00 – 17:00',
      description: '<p>Hallo <script>alert(1)</script><img src="x" onerror="alert(2)"><strong>wereld</strong></p>',
    };
    const res = await t.call<Workshop>('PUT', `/api/workspaces/${own.id}`, { token: adminA, body });
    expect(res.status).toBe(200);
    expect(res.body.openingTimes).toBe('Alle dagen 9:00 – 17:00');
    expect(res.body.description).toBe('<p>Hallo <strong>wereld</strong></p>');

    for (const field of [{ name: 'De Nieuwe Naam' }, { creditorNumber: 'X' }, { debtorNumber: 'Y' }]) {
      const refused = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${own.id}`, {
        token: adminA,
        body: { ...body, openingTimes: 'gewijzigd', ...field },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toBe(MESSAGES.workspaceFieldsSuperAdminOnly);
    }
    const after = await t.call<Workshop>('GET', `/api/workspaces/${own.id}`, { token: superToken });
    expect(after.body).toMatchObject({ name: 'De Draaischijf', creditorNumber: 'CR-1001', debtorNumber: 'DB-2001' });
    expect(after.body.openingTimes).toBe('Alle dagen 9:00 – 17:00');
  });

  it('answers 404 for another tenant and 403 for a plain user, and validates in Dutch', async () => {
    const own = byName('De Draaischijf');
    const other = byName('Glasatelier Helder');
    expect((await t.call('PUT', `/api/workspaces/${other.id}`, { token: adminA, body: editable(other) })).status).toBe(
      404,
    );
    expect((await t.call('PUT', `/api/workspaces/${own.id}`, { token: userA, body: editable(own) })).status).toBe(403);
    const bad = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${own.id}`, {
      token: adminA,
      body: { ...editable(own), email: 'fout@', province: 'Vlaanderen' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors).toEqual(
      expect.arrayContaining([
        { message: MESSAGES.emailInvalid('fout@'), members: ['email'] },
        { message: MESSAGES.provinceInvalid, members: ['province'] },
      ]),
    );
    // Dutch zip codes only, as the shop already asks of its customers; stored as 1234 AB.
    for (const zipCode of ['12345', '!!!!', '0123 AB']) {
      const wrong = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${own.id}`, {
        token: adminA,
        body: { ...editable(own), zipCode },
      });
      expect(wrong.status, zipCode).toBe(400);
      expect(wrong.body.error.validationErrors).toEqual([{ message: MESSAGES.zipCodeInvalid, members: ['zipCode'] }]);
    }
    const typed = await t.call<{ zipCode: string }>('PUT', `/api/workspaces/${own.id}`, {
      token: adminA,
      body: { ...editable(own), zipCode: '3511ax' },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.zipCode).toBe('3511 AX');
    const foreignImage = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${own.id}`, {
      token: adminA,
      body: { ...editable(own), mainImage: other.mainImage },
    });
    expect(foreignImage.status).toBe(400);
    expect(foreignImage.body.error.message).toBe(MESSAGES.imageNotOwned);
  });

  it('lets the super admin rename and change the numbers, with the workshop name rule', async () => {
    const w = byName('Wolwerk Textielstudio');
    const renamed = await t.call<Workshop>('PUT', `/api/workspaces/${w.id}`, {
      token: superToken,
      body: { ...editable(w), name: 'Wolwerk Studio', creditorNumber: 'CR-7', debtorNumber: 'DB-7' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Wolwerk Studio', creditorNumber: 'CR-7', debtorNumber: 'DB-7' });
    const picker = await t.call<{ name: string }[]>('GET', '/api/workspaces/available');
    expect(picker.body.map((p) => p.name)).toContain('Wolwerk Studio');
    const bad = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${w.id}`, {
      token: superToken,
      body: { ...editable(w), name: 'abc' },
    });
    expect(bad.body.error.validationErrors?.[0]).toEqual({ message: MESSAGES.workspaceNameLength, members: ['name'] });
  });
});

describe('publishing, featuring and deleting', () => {
  it('publishes and unpublishes (super admin only)', async () => {
    const w = byName('Glasatelier Helder');
    const path = `/api/workspaces/${w.id}/publish-status`;
    expect((await t.call('POST', path, { token: adminB, body: { id: w.id, isPublished: false } })).status).toBe(403);
    expect((await t.call('POST', path, { token: superToken, body: { id: w.id, isPublished: false } })).status).toBe(
      204,
    );
    const after = await t.call<Workshop>('GET', `/api/workspaces/${w.id}`, { token: superToken });
    expect(after.body.isPublished).toBe(false);
    expect((await t.call('POST', path, { token: superToken, body: { id: w.id, isPublished: true } })).status).toBe(204);
  });

  it('keeps exactly the featured workshops that were sent, at most one', async () => {
    const helder = byName('Glasatelier Helder');
    const res = await t.call<Workshop[]>('POST', '/api/workspaces/featured', {
      token: superToken,
      body: { featuredWorkspaces: [helder.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((w) => w.name)).toEqual(['Glasatelier Helder']);
    const list = await t.call<Workshop[]>('GET', '/api/workspaces/all', { token: superToken });
    expect(list.body.filter((w) => w.isFeatured).map((w) => w.name)).toEqual(['Glasatelier Helder']);
    const two = await t.call<ErrorEnvelope>('POST', '/api/workspaces/featured', {
      token: superToken,
      body: { featuredWorkspaces: [helder.id, byName('De Draaischijf').id] },
    });
    expect(two.status).toBe(400);
    expect(two.body.error.message).toBe(MESSAGES.onlyOneFeaturedWorkspace);
    expect(
      (await t.call('POST', '/api/workspaces/featured', { token: adminA, body: { featuredWorkspaces: [] } })).status,
    ).toBe(403);
  });

  it('refuses to delete a published workshop; deletes an offline one with its users and images', async () => {
    const d = byName('De Draaischijf');
    expect((await t.call('DELETE', `/api/workspaces/${d.id}`, { token: adminA })).status).toBe(403);
    const published = await t.call<ErrorEnvelope>('DELETE', `/api/workspaces/${d.id}`, { token: superToken });
    expect(published.status).toBe(409);
    expect(published.body.error.message).toBe(MESSAGES.workspacePublishedCannotDelete);

    // A workshop with reservations stays: they are the bookkeeping of its sales.
    await t.call('POST', `/api/workspaces/${d.id}/publish-status`, {
      token: superToken,
      body: { id: d.id, isPublished: false },
    });
    const booked = await t.call<ErrorEnvelope>('DELETE', `/api/workspaces/${d.id}`, { token: superToken });
    expect(booked.status).toBe(409);
    expect(booked.body.error.message).toBe(MESSAGES.workspaceHasReservations);
    expect((await t.call('GET', `/api/workspaces/${d.id}`, { token: superToken })).status).toBe(200);
    expect((await t.login('beheer@dedraaischijf.nl', 'De Draaischijf')).status).toBe(200);

    const w = byName('Wolwerk Textielstudio');
    const thumb = local(w.mainImage?.thumbnail);
    expect((await fetch(thumb)).status).toBe(200);
    const wolwerkUser = await t.tokenFor('medewerker@wolwerk.nl', 'Wolwerk Studio');
    expect((await t.call('DELETE', `/api/workspaces/${w.id}`, { token: superToken })).status).toBe(204);
    // Its users' sessions went with them: their tokens end on the next request (docs/decisions/0018).
    expect((await t.call('GET', '/api/identity/my-profile', { token: wolwerkUser })).status).toBe(401);
    expect((await t.call('GET', `/api/workspaces/${w.id}`, { token: superToken })).status).toBe(404);
    expect((await t.login('beheer@wolwerk.nl', null)).status).toBe(400);
    const picker = await t.call<{ name: string }[]>('GET', '/api/workspaces/available');
    expect(picker.body.map((p) => p.name)).not.toContain('Wolwerk Studio');
    expect((await fetch(thumb)).status).not.toBe(200);
    expect((await t.call('DELETE', `/api/workspaces/${w.id}`, { token: superToken })).status).toBe(404);
  });
});

describe('PUT workspaces/{id} with what GET returned', () => {
  const read = async (id: string, token: string) =>
    (await t.call<Workshop>('GET', `/api/workspaces/${id}`, { token })).body;
  const served = async (w: Workshop) => {
    for (const image of [w.mainImage, w.teamImage])
      for (const url of [image?.fileOriginal, image?.fileMedium, image?.thumbnail])
        expect((await fetch(local(url))).status, url).toBe(200);
  };

  it('keeps both photos when the GET body is saved back, by the super admin and by the workshop admin', async () => {
    const id = byName('Glasatelier Helder').id;
    const before = await read(id, superToken);
    expect(before.mainImage).not.toBeNull();
    expect(before.teamImage).not.toBeNull();
    for (const token of [superToken, adminB]) {
      const res = await t.call<Workshop>('PUT', `/api/workspaces/${id}`, { token, body: await read(id, token) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = await read(id, superToken);
      expect(after).toEqual(before);
      await served(after);
    }
  });

  it('lets a workshop admin save the workshop unchanged: the hidden numbers come back null and stay as stored', async () => {
    const id = byName('Glasatelier Helder').id;
    const stored = await read(id, superToken);
    expect(stored.creditorNumber).not.toBeNull();
    const shown = await read(id, adminB);
    expect(shown.creditorNumber).toBeNull();
    const res = await t.call<Workshop>('PUT', `/api/workspaces/${id}`, {
      token: adminB,
      body: { ...shown, openingTimes: 'Za 10-17 uur' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await read(id, superToken);
    expect(after).toMatchObject({
      openingTimes: 'Za 10-17 uur',
      creditorNumber: stored.creditorNumber,
      debtorNumber: stored.debtorNumber,
      name: stored.name,
    });
    // A number or name that differs is a change only the super admin may make: 403 naming the fields.
    const changed = await t.call<ErrorEnvelope>('PUT', `/api/workspaces/${id}`, {
      token: adminB,
      body: { ...shown, creditorNumber: 'CR-ANDERS', name: 'Ander atelier' },
    });
    expect(changed.status).toBe(403);
    expect(changed.body.error.validationErrors?.flatMap((v) => v.members).sort()).toEqual(['creditorNumber', 'name']);
  });

  it('refuses a changed read-only field with 403, an unknown key or a left-out photo with 400, each named', async () => {
    const id = byName('Glasatelier Helder').id;
    const shown = await read(id, superToken);
    const put = (body: unknown) => t.call<ErrorEnvelope>('PUT', `/api/workspaces/${id}`, { token: superToken, body });
    const featured = await put({ ...shown, isFeatured: !shown.isFeatured });
    expect(featured.status).toBe(403);
    expect(featured.body.error.validationErrors?.[0]?.members).toEqual(['isFeatured']);
    const url = await put({ ...shown, mainImage: { ...shown.mainImage, fileOriginal: '/elders.jpg' } });
    expect(url.status).toBe(403);
    expect(url.body.error.validationErrors?.[0]?.members).toEqual(['mainImage.fileOriginal']);
    const unknown = await put({ ...shown, mainImageId: shown.mainImage?.id });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.validationErrors).toEqual([{ message: MESSAGES.fieldUnknown, members: ['mainImageId'] }]);
    const { teamImage: _left, ...withoutTeam } = shown;
    const missing = await put(withoutTeam);
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors?.[0]?.members).toEqual(['teamImage']);
    expect(await read(id, superToken)).toEqual(shown);
  });

  it('lets the super admin clear a number by sending null', async () => {
    const id = byName('Glasatelier Helder').id;
    const shown = await read(id, superToken);
    const res = await t.call<Workshop>('PUT', `/api/workspaces/${id}`, {
      token: superToken,
      body: { ...shown, debtorNumber: null },
    });
    expect(res.status).toBe(200);
    expect(res.body.debtorNumber).toBeNull();
    expect(res.body.creditorNumber).toBe(shown.creditorNumber);
  });
});
