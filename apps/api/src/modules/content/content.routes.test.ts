import {
  EDITOR_OUTPUT,
  type ErrorEnvelope,
  FAQ_IDS,
  type Faq,
  type FaqQuestion,
  MESSAGES,
  type Page,
  type Resource,
  type Subcategory,
  XSS_CORPUS,
  XSS_MARKERS,
} from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let superToken: string;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminToken = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  userToken = await t.tokenFor('medewerker@dedraaischijf.nl', 'De Draaischijf');
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000999';
const harmless = (html: string) => {
  for (const marker of XSS_MARKERS) expect(html.toLowerCase()).not.toContain(marker);
};

async function firstResource(): Promise<Resource> {
  const res = await t.call<Resource[]>('GET', '/api/resources', { token: superToken });
  const first = res.body[0];
  if (!first) throw new Error('no resources');
  return first;
}

describe('who may call the content API', () => {
  const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
  const changes: [string, string, unknown][] = [
    ['PUT', `/api/resources/${SAMPLE_ID}/set-value`, { value: '<p>x</p>' }],
    ['POST', '/api/subcategories', { title: 'x', order: 1, body: '' }],
    ['PUT', `/api/subcategories/${SAMPLE_ID}`, { title: 'x', order: 1, body: '' }],
    ['DELETE', `/api/subcategories/${SAMPLE_ID}`, undefined],
    ['POST', `/api/faq/questions?id=${FAQ_IDS.shop}`, []],
    ['POST', '/api/pages', { title: 'x', body: '', position: 99, isFooterPage: false }],
    ['PUT', `/api/pages/${SAMPLE_ID}`, { title: 'x', body: '', position: 99, isFooterPage: false }],
    ['DELETE', `/api/pages/${SAMPLE_ID}`, undefined],
    ['GET', '/api/resources', undefined],
    ['GET', '/api/subcategories', undefined],
    ['GET', '/api/pages/all', undefined],
  ];
  it.each(changes)('%s %s: 401 anonymous, 403 for a workshop admin and a user', async (method, url, body) => {
    expect((await t.call(method, url, { body })).status).toBe(401);
    expect((await t.call(method, url, { body, token: adminToken })).status).toBe(403);
    expect((await t.call(method, url, { body, token: userToken })).status).toBe(403);
  });

  it('every logged-in user reads a FAQ; anonymous does not', async () => {
    expect((await t.call('GET', `/api/faq/${FAQ_IDS.backOffice}`)).status).toBe(401);
    for (const token of [superToken, adminToken, userToken]) {
      const res = await t.call<Faq>('GET', `/api/faq/${FAQ_IDS.backOffice}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.questions.length).toBeGreaterThan(0);
    }
  });
});

describe('resources', () => {
  it('lists the shop texts with name, value and description', async () => {
    const res = await t.call<Resource[]>('GET', '/api/resources', { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => r.name)).toContain('home.intro');
    for (const r of res.body) expect(Object.keys(r).sort()).toEqual(['description', 'id', 'name', 'value']);
  });

  it('saves a value and refuses an empty one with the Dutch message', async () => {
    const r = await firstResource();
    const ok = await t.call('PUT', `/api/resources/${r.id}/set-value`, {
      token: superToken,
      body: { value: EDITOR_OUTPUT.basic },
    });
    expect(ok.status).toBe(204);
    const after = await t.call<Resource[]>('GET', '/api/resources', { token: superToken });
    expect(after.body.find((x) => x.id === r.id)?.value).toBe(EDITOR_OUTPUT.basic);
    for (const value of ['', '<p></p>', '<p>&nbsp; </p>', '<script>x</script>']) {
      const bad = await t.call<ErrorEnvelope>('PUT', `/api/resources/${r.id}/set-value`, {
        token: superToken,
        body: { value },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(MESSAGES.resourceValueRequired);
    }
  });

  it('404 for an unknown id, 400 for an id that is not one', async () => {
    const body = { value: '<p>x</p>' };
    expect((await t.call('PUT', `/api/resources/${UNKNOWN}/set-value`, { token: superToken, body })).status).toBe(404);
    expect((await t.call('PUT', '/api/resources/abc/set-value', { token: superToken, body })).status).toBe(400);
  });
});

describe('subcategories', () => {
  it('lists items sorted by order', async () => {
    const res = await t.call<{ items: Subcategory[]; totalCount: number }>('GET', '/api/subcategories', {
      token: superToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(res.body.items.length);
    const orders = res.body.items.map((s) => s.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('adds, edits and deletes, with a unique slug made from the title', async () => {
    const add = (title: string) =>
      t.call<Subcategory>('POST', '/api/subcategories', {
        token: superToken,
        body: { title, order: 7, body: EDITOR_OUTPUT.full },
      });
    const a = await add('Kommen & Bekers');
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      title: 'Kommen & Bekers',
      order: 7,
      slug: 'kommen-en-bekers',
      body: EDITOR_OUTPUT.full,
    });
    const b = await add('Kommen & bekers');
    expect(b.body.slug).toBe('kommen-en-bekers-2');

    const put = await t.call<Subcategory>('PUT', `/api/subcategories/${b.body.id}`, {
      token: superToken,
      body: { title: 'Bekers uit Delft', order: 8, body: '<p>Nieuw</p>' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ slug: 'bekers-uit-delft', order: 8, body: '<p>Nieuw</p>' });

    expect((await t.call('DELETE', `/api/subcategories/${b.body.id}`, { token: superToken })).status).toBe(204);
    expect((await t.call('DELETE', `/api/subcategories/${b.body.id}`, { token: superToken })).status).toBe(404);
    expect((await t.call('GET', `/api/subcategories/${a.body.id}`, { token: superToken })).status).toBe(200);
    const body = { title: 'x', order: 1, body: '' };
    expect((await t.call('PUT', `/api/subcategories/${UNKNOWN}`, { token: superToken, body })).status).toBe(404);
  });

  it('refuses a missing title and order with the Dutch messages of the contract', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/subcategories', {
      token: superToken,
      body: { title: '  ', body: '' },
    });
    expect(res.status).toBe(400);
    const messages = res.body.error.validationErrors?.map((e) => [e.members[0], e.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['title', MESSAGES.subcategoryTitleRequired],
        ['order', MESSAGES.subcategoryOrderRequired],
      ]),
    );
  });
});

describe('pages', () => {
  it('adds a footer page with the defaults, edits, reorders and deletes it', async () => {
    const add = await t.call<Page>('POST', '/api/pages', {
      token: superToken,
      body: { title: 'Nieuwe pagina', body: EDITOR_OUTPUT.full, position: 99, isFooterPage: true },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({
      slug: 'nieuwe-pagina',
      position: 99,
      isFooterPage: true,
      body: EDITOR_OUTPUT.full,
    });
    const put = await t.call<Page>('PUT', `/api/pages/${add.body.id}`, {
      token: superToken,
      body: { title: 'Nieuwe pagina', body: '<p>b</p>', position: 0, isFooterPage: true },
    });
    expect(put.body.position).toBe(0);
    const all = await t.call<Page[]>('GET', '/api/pages/all', { token: superToken });
    const footer = all.body.filter((p) => p.isFooterPage);
    expect(footer[0]?.id).toBe(add.body.id);
    expect(all.body.findIndex((p) => p.isFooterPage)).toBeGreaterThan(0);
    expect((await t.call('DELETE', `/api/pages/${add.body.id}`, { token: superToken })).status).toBe(204);
    expect((await t.call('DELETE', `/api/pages/${add.body.id}`, { token: superToken })).status).toBe(404);
  });

  it('refuses an empty title in Dutch', async () => {
    const res = await t.call<ErrorEnvelope>('POST', '/api/pages', {
      token: superToken,
      body: { title: '', body: '', position: 99, isFooterPage: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.pageTitleRequired);
  });
});

describe('FAQ', () => {
  it('saves the whole list in order, keeps ids of kept pairs, removes the rest', async () => {
    const before = await t.call<Faq>('GET', `/api/faq/${FAQ_IDS.shop}`, { token: superToken });
    const [first, second] = before.body.questions;
    if (!first || !second) throw new Error('demo FAQ too short');
    const list = [
      { id: second.id, question: second.question, answer: second.answer },
      { question: 'Nieuwe vraag?', answer: EDITOR_OUTPUT.basic },
    ];
    const res = await t.call<FaqQuestion[]>('POST', `/api/faq/questions?id=${FAQ_IDS.shop}`, {
      token: superToken,
      body: list,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((q) => q.question)).toEqual([second.question, 'Nieuwe vraag?']);
    expect(res.body[0]?.id).toBe(second.id);
    expect(res.body[1]?.answer).toBe(EDITOR_OUTPUT.basic);
    const after = await t.call<Faq>('GET', `/api/faq/${FAQ_IDS.shop}`, { token: superToken });
    expect(after.body.questions).toEqual(res.body);
    // The other FAQ is untouched.
    const office = await t.call<Faq>('GET', `/api/faq/${FAQ_IDS.backOffice}`, { token: superToken });
    expect(office.body.questions.length).toBeGreaterThan(2);
  });

  it('answers basic formatting only, and refuses empty questions and answers', async () => {
    const res = await t.call<FaqQuestion[]>('POST', `/api/faq/questions?id=${FAQ_IDS.backOffice}`, {
      token: superToken,
      body: [{ question: 'Kop?', answer: '<h2>Kop</h2><p><strong>vet</strong></p>' }],
    });
    expect(res.body[0]?.answer).toBe('Kop<p><strong>vet</strong></p>');
    const bad = await t.call<ErrorEnvelope>('POST', `/api/faq/questions?id=${FAQ_IDS.backOffice}`, {
      token: superToken,
      body: [{ question: '', answer: '<p></p>' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.validationErrors?.map((e) => e.message)).toEqual(
      expect.arrayContaining([MESSAGES.faqQuestionRequired, MESSAGES.faqAnswerRequired]),
    );
  });

  it('404 for an unknown FAQ', async () => {
    expect((await t.call('GET', `/api/faq/${UNKNOWN}`, { token: superToken })).status).toBe(404);
    expect((await t.call('POST', `/api/faq/questions?id=${UNKNOWN}`, { token: superToken, body: [] })).status).toBe(
      404,
    );
  });
});

describe('XSS corpus in every rich-text field', () => {
  // Each write must succeed and be read back: a refused write (4xx) would leave nothing to find harmful, and a
  // sanitizer that drops everything would too, so the safe text beside the attack has to survive.
  const SAFE = '<p>veilig</p>';
  const storedHarmless = (html: string | undefined) => {
    expect(html).toContain(SAFE);
    harmless(html ?? '');
  };

  it.each(XSS_CORPUS)('%s is stored harmless', async (attack) => {
    const payload = `${SAFE}${attack}`;
    const r = await firstResource();
    const setValue = await t.call('PUT', `/api/resources/${r.id}/set-value`, {
      token: superToken,
      body: { value: payload },
    });
    expect(setValue.status).toBe(204);
    storedHarmless((await firstResource()).value);

    const sub = await t.call<Subcategory>('POST', '/api/subcategories', {
      token: superToken,
      body: { title: 'XSS', order: 1, body: payload },
    });
    expect(sub.status).toBe(200);
    storedHarmless(sub.body.body);
    const subs = await t.call<{ items: Subcategory[] }>('GET', '/api/subcategories', { token: superToken });
    storedHarmless(subs.body.items.find((s) => s.id === sub.body.id)?.body);
    expect((await t.call('DELETE', `/api/subcategories/${sub.body.id}`, { token: superToken })).status).toBe(204);

    const page = await t.call<Page>('POST', '/api/pages', {
      token: superToken,
      body: { title: 'XSS', body: payload, position: 99, isFooterPage: false },
    });
    expect(page.status).toBe(200);
    storedHarmless(page.body.body);
    const pages = await t.call<Page[]>('GET', '/api/pages/all', { token: superToken });
    storedHarmless(pages.body.find((p) => p.id === page.body.id)?.body);
    expect((await t.call('DELETE', `/api/pages/${page.body.id}`, { token: superToken })).status).toBe(204);

    const faq = await t.call<FaqQuestion[]>('POST', `/api/faq/questions?id=${FAQ_IDS.backOffice}`, {
      token: superToken,
      body: [{ question: 'XSS?', answer: payload }],
    });
    expect(faq.status).toBe(200);
    storedHarmless(faq.body[0]?.answer);
    const stored = await t.call<Faq>('GET', `/api/faq/${FAQ_IDS.backOffice}`, { token: superToken });
    storedHarmless(stored.body.questions.find((q) => q.question === 'XSS?')?.answer);
  });
});
