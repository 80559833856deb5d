import { FAQ_IDS } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct, order } from '../modules/reservations/reservation-fixtures.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  expectOk,
  mainCategory,
  productBody,
  type Tokens,
  tokensFor,
  unique,
  WORKSHOP_A,
  workshopRow,
} from './security-fixtures.ts';

/**
 * Round trip: texts with emoji, right-to-left script, zero-width characters, combining marks, quotes,
 * backslashes, SQL-looking strings and markup characters are stored and returned exactly, code unit for code unit
 * (no trimming inside, no Unicode normalisation, no escaping). Rich-text fields are sanitized on save: there the
 * text, sent escaped inside a paragraph, must come back as the same text.
 */

const STRINGS: Record<string, string> = {
  emoji: 'Vaas 🏺 met 👩‍👩‍👧‍👦 en 🏳️‍🌈 🇳🇱',
  'right-to-left': 'עברית ועוד وعربي \u202Bingebed\u202C \u200Fmark',
  'zero-width': 'zero\u200Bwidth\u200Cnon\u200Djoiner\u2060word\uFEFFbom',
  combining: 'Zoe\u0308 cafe\u0301 A\u030Angstro\u0308m n\u0303 Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o',
  quotes: `'enkel' "dubbel" ‘krul’ “krul” „laag” \`back\``,
  backslashes: 'C:\\pad\\naar\\bestand \\n \\t \\u0000 \\\\ \\"',
  sql: "Robert'); DROP TABLE products;-- ' OR '1'='1 /* x */ ; SELECT 1",
  markup: '<b>vet</b> & <script>alert(1)</script> a < b > c &amp; &lt;',
  mixed: 'IJsselmeer “café” — 10 × 20 cm ≤ €1.234,56 ½ ™ 𝄞',
};

let t: TestApp;
let tok: Tokens;
let workshopA: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  tok = await tokensFor(t);
  workshopA = (await workshopRow(t, WORKSHOP_A)).workspaceId;
  categoryId = (await mainCategory(t, tok.adminA)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/**
 * The longest start of `s` (whole code points) within `max` UTF-16 units, the unit zod counts in, without the
 * trailing white space a cut may leave (texts are trimmed on purpose; this test is about what is inside them).
 */
function fit(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out.trimEnd();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rich = (s: string) => `<p>${escapeHtml(s)}</p>`;
/** The text of sanitized HTML: tags removed, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<[^<>]*>/g, '')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

type Check = { field: string; string: string; sent: string; got: unknown };

/** Writes `s` into every text field once, reads each back, and lists what came back. */
async function roundTrip(name: string, s: string): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (field: string, sent: string, got: unknown) => checks.push({ field, string: name, sent, got });
  const call = <T = unknown>(method: string, url: string, token: string | undefined, body?: unknown) =>
    t.call<T>(method, url, { token, body });

  // Product (a workshop admin's), its custom category, and the same product through the public shop API
  const suffix = unique(' #');
  const customTitle = fit(s, 64 - suffix.length) + suffix;
  const product = { ...productBody(categoryId, fit(s, 128)), customCategories: [{ title: customTitle }] };
  const p = {
    ...product,
    description: fit(s, 5000),
    extraInformation: fit(s, 5000),
    material: fit(s, 100),
    authorName: fit(s, 128),
    authorDescription: fit(s, 150),
  };
  const created = expectOk(await call<{ id: string }>('POST', '/api/products', tok.adminA, p), 'product');
  const read = (await call<Record<string, unknown>>('GET', `/api/products/${created.body.id}`, tok.adminA)).body;
  for (const k of ['name', 'description', 'extraInformation', 'material', 'authorName', 'authorDescription'] as const)
    check(`product.${k}`, p[k] as string, read[k]);
  check('category.title', customTitle, (read.customCategories as { title: string }[])[0]?.title);
  const all = (await call<{ title: string }[]>('GET', '/api/subcategories/all', tok.userA)).body;
  check('category.title (list)', customTitle, all.find((c) => c.title === customTitle)?.title);
  expectOk(
    await call('POST', `/api/products/${created.body.id}/publish-status`, tok.adminA, {
      id: created.body.id,
      isPublished: true,
    }),
    'publish',
  );
  const shop = (await call<Record<string, unknown>>('GET', `/api/shop/products/${created.body.id}`, undefined)).body;
  check('shop product.name', p.name, shop.name);
  check('shop product.description', p.description, shop.description);

  // The workshop profile (its admin) and its name (the super admin's)
  const profile = {
    description: rich(s),
    openingTimes: fit(s, 2000),
    street: fit(s, 128),
    streetNumber: fit(s, 16),
    // A Dutch zip code is checked and normalised: no free text to round-trip.
    zipCode: '1234 AB',
    city: fit(s, 128),
    province: null,
    email: 'info@dedraaischijf.nl',
    phone: fit(s, 32),
    label: 0,
    mainImage: null,
    teamImage: null,
    iban: 'NL91ABNA0417164300',
    ibanHolder: fit(s, 70),
    currentPassword: DEMO_PASSWORD,
    holiday: { from: '2026-12-21', to: '2027-01-03', message: fit(s, 500) },
  };
  expectOk(await call('PUT', `/api/workspaces/${workshopA}`, tok.adminA, profile), 'workspace');
  const newName = fit(s, 60 - suffix.length) + suffix;
  expectOk(await call('PUT', `/api/workspaces/${workshopA}`, tok.super, { ...profile, name: newName }), 'rename');
  const ws = (await call<Record<string, string>>('GET', `/api/workspaces/${workshopA}`, tok.adminA)).body;
  for (const k of ['openingTimes', 'street', 'streetNumber', 'zipCode', 'city', 'phone'] as const)
    check(`workspace.${k}`, profile[k], ws[k]);
  check('workspace.name', newName, ws.name);
  check('workspace.ibanHolder', profile.ibanHolder, ws.ibanHolder);
  check('workspace.holiday.message', profile.holiday.message, (ws.holiday as unknown as { message: string }).message);
  check('workspace.description (rich text)', s, textOf(ws.description ?? ''));
  expectOk(await call('PUT', `/api/workspaces/${workshopA}`, tok.super, { ...profile, name: WORKSHOP_A }), 'name');

  // Content: a shop text, a subcategory, a page, an FAQ question (the super admin's)
  const resources = (await call<{ id: string; value: string }[]>('GET', '/api/resources', tok.super)).body;
  const resource = resources[0] as { id: string };
  expectOk(await call('PUT', `/api/resources/${resource.id}/set-value`, tok.super, { value: rich(s) }), 'resource');
  const resourceBack = (await call<{ id: string; value: string }[]>('GET', '/api/resources', tok.super)).body;
  check('resource.value (rich text)', s, textOf(resourceBack.find((r) => r.id === resource.id)?.value ?? ''));

  const title = fit(s, 128 - suffix.length) + suffix;
  const sub = expectOk(
    await call<{ id: string }>('POST', '/api/subcategories', tok.super, { title, order: 3, body: rich(s) }),
    'subcategory',
  );
  const subBack = (await call<{ title: string; body: string }>('GET', `/api/subcategories/${sub.body.id}`, tok.super))
    .body;
  check('subcategory.title', title, subBack.title);
  check('subcategory.body (rich text)', s, textOf(subBack.body));

  const page = expectOk(
    await call<{ id: string }>('POST', '/api/pages', tok.super, {
      title,
      body: rich(s),
      position: 7,
      isFooterPage: false,
    }),
    'page',
  );
  const pageBack = (
    await call<{ id: string; title: string; body: string }[]>('GET', '/api/pages/all', tok.super)
  ).body.find((x) => x.id === page.body.id);
  check('page.title', title, pageBack?.title);
  check('page.body (rich text)', s, textOf(pageBack?.body ?? ''));

  const faqUrl = `/api/faq/${FAQ_IDS.backOffice}`;
  const faq = (await call<{ questions: { id: string; question: string; answer: string }[] }>('GET', faqUrl, tok.super))
    .body;
  const question = fit(s, 500 - suffix.length) + suffix;
  expectOk(
    await call('POST', `/api/faq/questions?id=${FAQ_IDS.backOffice}`, tok.super, [
      ...faq.questions,
      { question, answer: rich(s) },
    ]),
    'faq',
  );
  const faqBack = (await call<{ questions: { question: string; answer: string }[] }>('GET', faqUrl, tok.userA)).body;
  const saved = faqBack.questions.find((q) => q.question === question);
  check('faq.question', question, saved?.question);
  check('faq.answer (rich text)', s, textOf(saved?.answer ?? ''));

  // Users: a new user of the workshop (its admin), and the plain user's own profile
  const userName = fit(s, 64 - suffix.length) + suffix;
  const user = expectOk(
    await call<{ id: string }>('POST', '/api/identity/users', tok.adminA, {
      userName,
      name: fit(s, 64),
      surname: fit(s, 64),
      email: `${unique('rt')}@dedraaischijf.nl`,
      phoneNumber: fit(s, 32),
      roleNames: ['user'],
      password: 'Geheim123!',
    }),
    'user',
  );
  const userBack = (await call<Record<string, string>>('GET', `/api/identity/users/${user.body.id}`, tok.adminA)).body;
  check('user.userName', userName, userBack.userName);
  check('user.name', fit(s, 64), userBack.name);
  check('user.surname', fit(s, 64), userBack.surname);
  check('user.phoneNumber', fit(s, 32), userBack.phoneNumber);
  expectOk(
    await call('PUT', '/api/identity/my-profile', tok.userA, {
      name: fit(s, 64),
      surname: fit(s, 64),
      email: 'medewerker@dedraaischijf.nl',
      phoneNumber: fit(s, 32),
    }),
    'profile',
  );
  const me = (await call<Record<string, string>>('GET', '/api/identity/my-profile', tok.userA)).body;
  for (const [k, max] of [
    ['name', 64],
    ['surname', 64],
    ['phoneNumber', 32],
  ] as const)
    check(`profile.${k}`, fit(s, max), me[k]);

  // A reservation from the shop, and its track & trace
  const forSale = await makeProduct(t, WORKSHOP_A);
  const customer = {
    name: fit(s, 128),
    street: fit(s, 128),
    streetNumber: fit(s, 16),
    city: fit(s, 128),
    favoriteColor: fit(s, 64),
    personalMessage: fit(s, 1000),
  };
  const placed = expectOk(await order(t, [forSale.id], 3, customer), 'order');
  const trackAndTrace = fit(s, 200);
  expectOk(
    await call('PUT', `/api/reservations/${placed.body.id}/trackandtrace`, tok.adminA, { trackAndTrace }),
    'track and trace',
  );
  const r = (await call<Record<string, string>>('GET', `/api/reservations/${placed.body.id}`, tok.adminA)).body;
  for (const k of Object.keys(customer) as (keyof typeof customer)[]) check(`reservation.${k}`, customer[k], r[k]);
  check('reservation.trackAndTrace', trackAndTrace, r.trackAndTrace);
  return checks;
}

const codeUnits = (v: unknown) =>
  typeof v === 'string' ? [...v].map((c) => (c.codePointAt(0) ?? 0).toString(16)).join(' ') : JSON.stringify(v);

describe('round trip of awkward text', () => {
  it('stores and returns every text field exactly, and keeps the text of rich-text fields', async () => {
    const checks: Check[] = [];
    for (const [name, s] of Object.entries(STRINGS)) checks.push(...(await roundTrip(name, s)));
    const fields = new Set(checks.map((c) => c.field));
    const wrong = checks.filter((c) => c.got !== c.sent);
    process.stdout.write(
      `round trip: ${fields.size} fields × ${Object.keys(STRINGS).length} strings = ${checks.length} checked, ${wrong.length} changed\n`,
    );
    expect(wrong.map((c) => `${c.field} / ${c.string}: sent [${codeUnits(c.sent)}] got [${codeUnits(c.got)}]`)).toEqual(
      [],
    );
    // Every string reached every field, none was cut to nothing.
    expect(checks.every((c) => c.sent.length > 0)).toBe(true);
  }, 180_000);
});
