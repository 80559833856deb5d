import { type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, workspaces } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
const WORKSHOP_FIELDS = [
  'city',
  'description',
  'holiday',
  'id',
  'isFeatured',
  'label',
  'mainImage',
  'name',
  'openingTimes',
  'province',
  'slug',
  'street',
  'streetNumber',
  'teamImage',
  'zipCode',
];
const IMAGE_FIELDS = ['fileMedium', 'fileOriginal', 'id', 'thumbnail'];

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  return into;
}

describe('the shop API is public and shows only public fields', () => {
  it('lists the published workshops, the featured one first, with exactly the public fields', async () => {
    const res = await t.call<Json[]>('GET', '/api/shop/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.map((w) => w.name)).toEqual(['De Draaischijf', 'Glasatelier Helder']);
    for (const w of res.body) {
      expect(Object.keys(w).sort()).toEqual(WORKSHOP_FIELDS);
      for (const image of [w.mainImage, w.teamImage])
        if (image) expect(Object.keys(image).sort()).toEqual(IMAGE_FIELDS);
    }
    const text = JSON.stringify(res.body);
    for (const secret of ['CR-', 'DB-', '@', 'creditor', 'debtor', 'email', 'phone', 'tenantId', 'iban'])
      expect(text).not.toContain(secret);
  });

  it('the featured workshop, a workshop by slug, and 404 for an unpublished one', async () => {
    const featured = await t.call<Json>('GET', '/api/shop/workspaces/featured');
    expect(featured.status).toBe(200);
    expect(featured.body.name).toBe('De Draaischijf');
    expect(Object.keys(featured.body).sort()).toEqual(WORKSHOP_FIELDS);
    expect((await t.call<Json>('GET', '/api/shop/workspaces/glasatelier-helder')).body.name).toBe('Glasatelier Helder');
    expect((await t.call('GET', '/api/shop/workspaces/wolwerk-textielstudio')).status).toBe(404);
    expect((await t.call('GET', '/api/shop/workspaces/bestaat-niet')).status).toBe(404);
  });

  it('no featured workshop when the featured one is unpublished', async () => {
    await t.ctx.db.update(workspaces).set({ isPublished: false }).where(eq(workspaces.name, 'De Draaischijf'));
    try {
      expect((await t.call('GET', '/api/shop/workspaces/featured')).status).toBe(404);
      const list = await t.call<Json[]>('GET', '/api/shop/workspaces');
      expect(list.body.map((w) => w.name)).toEqual(['Glasatelier Helder']);
    } finally {
      await t.ctx.db.update(workspaces).set({ isPublished: true }).where(eq(workspaces.name, 'De Draaischijf'));
    }
  });

  it('pages for the main menu and the footer, in order, and a page by slug', async () => {
    const res = await t.call<{ mainMenu: Json[]; footer: Json[] }>('GET', '/api/shop/pages');
    expect(Object.keys(res.body).sort()).toEqual(['footer', 'mainMenu']);
    expect(res.body.mainMenu.map((p) => p.title)).toEqual(['Over Ateliermarkt', 'Hoe werkt reserveren?', 'Ateliers']);
    expect(res.body.footer[0]?.title).toBe('Contact');
    for (const p of [...res.body.mainMenu, ...res.body.footer])
      expect(Object.keys(p).sort()).toEqual(['id', 'position', 'slug', 'title']);
    const page = await t.call<Json>('GET', '/api/shop/pages/contact');
    expect(Object.keys(page.body).sort()).toEqual(['body', 'id', 'isFooterPage', 'position', 'slug', 'title']);
    expect((await t.call('GET', '/api/shop/pages/bestaat-niet')).status).toBe(404);
  });

  it('the shop FAQ (not the back-office one), the texts and the subcategories', async () => {
    const faq = await t.call<{ name: string; questions: Json[] }>('GET', '/api/shop/faq');
    expect(Object.keys(faq.body).sort()).toEqual(['name', 'questions']);
    expect(faq.body.questions.map((q) => q.question)).toContain('Hoe reserveer ik een product?');
    expect(faq.body.questions.map((q) => q.question)).not.toContain('Hoe zet ik een product online?');
    for (const q of faq.body.questions) expect(Object.keys(q).sort()).toEqual(['answer', 'id', 'question']);

    const texts = await t.call<Json[]>('GET', '/api/shop/resources');
    expect(texts.body.length).toBeGreaterThan(5);
    for (const r of texts.body) expect(Object.keys(r).sort()).toEqual(['name', 'value']);

    const subs = await t.call<Json[]>('GET', '/api/shop/subcategories');
    expect(subs.body[0]?.title).toBe('Vazen');
    for (const s of subs.body) expect(Object.keys(s).sort()).toEqual(['body', 'id', 'order', 'slug', 'title']);
  });

  it('never answers with anything private, anywhere', async () => {
    const keys = new Set<string>();
    for (const url of [
      'workspaces',
      'workspaces/featured',
      'pages',
      'pages/contact',
      'faq',
      'resources',
      'subcategories',
    ])
      allKeys((await t.call('GET', `/api/shop/${url}`)).body, keys);
    expect([...keys].sort()).toEqual(
      [
        ...new Set([
          ...WORKSHOP_FIELDS,
          ...IMAGE_FIELDS,
          'body',
          'footer',
          'isFooterPage',
          'mainMenu',
          'position',
          'order',
          'questions',
          'question',
          'answer',
          'value',
          'title',
        ]),
      ].sort(),
    );
  });

  it('is documented in /api/docs', async () => {
    const doc = await t.call<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    for (const path of ['/api/shop/workspaces', '/api/shop/pages', '/api/shop/faq', '/api/shop/newsletter'])
      expect(Object.keys(doc.body.paths)).toContain(path);
  });
});

describe('newsletter sign-up', () => {
  it('signs up once, a second time (any case) changes nothing', async () => {
    const first = await t.call('POST', '/api/shop/newsletter', { body: { email: 'nieuw@example.nl', name: 'Nina' } });
    expect(first.status).toBe(204);
    const again = await t.call('POST', '/api/shop/newsletter', { body: { email: 'NIEUW@example.nl' } });
    expect(again.status).toBe(204);
    const rows = await t.ctx.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.normalizedEmail, 'nieuw@example.nl'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe('Nina');
  });

  it('validates the address in Dutch', async () => {
    const empty = await t.call<ErrorEnvelope>('POST', '/api/shop/newsletter', { body: { email: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(MESSAGES.emailRequired);
    const wrong = await t.call<ErrorEnvelope>('POST', '/api/shop/newsletter', { body: { email: 'geen-adres' } });
    expect(wrong.body.error.message).toBe(MESSAGES.emailInvalid('geen-adres'));
  });
});

describe('rate limit', () => {
  it('limits newsletter sign-ups per client like the log-in', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await limited.call('POST', '/api/shop/newsletter', { body: { email: `r${i}@example.nl` } })).status,
        );
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
