import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errorEnvelopeSchema, FAQ_IDS } from '@ateliermarkt/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../modules/reservations/reservation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  boundaryValues,
  fieldCases,
  type JsonSchema,
  junkArb,
  NAUGHTY_STRINGS,
  toJsonText,
  validArb,
} from './fuzz-inputs.ts';
import { jpegBytes, type Role, reservationIn, type Tokens, tokensFor } from './security-fixtures.ts';

/**
 * Fuzzing: every route of the OpenAPI document that takes a body or parameters gets inputs made from its
 * own request schema, as a caller that may call it. Never a 500; every 4xx is the error envelope with a Dutch
 * message; and a refused request changes nothing in the database.
 *
 * Reproduce a run with FUZZ_SEED=<seed printed below>. Inputs come from fast-check's generators with that seed
 * (fc.sample, so a failure is reported for every route at once instead of being shrunk one route at a time).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RANDOM_RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const FAILURES_FILE = path.join(tmpdir(), 'ateliermarkt-fuzz-failures.txt');

/**
 * Left out of the database snapshot, because a refused request legitimately writes them: `audit_log` records refused
 * log-ins, lock-outs and refresh-token reuse; `refresh_tokens` — presenting a used refresh token (401) revokes its
 * family; and `users.access_failed_count` / `users.lockout_end` count failed log-ins (401); `rate_limit_hits`
 * counts every request to a rate-limited route, refused or not (docs/decisions/0008); `data_versions` is derived by
 * triggers from the other tables (docs/decisions/0011), so the failed-log-in count moves it too.
 */
// A refused log-in counts its failure (a real account's columns, or an unknown name's row: docs/decisions/0018).
const IGNORED_TABLES = ['audit_log', 'refresh_tokens', 'rate_limit_hits', 'data_versions', 'login_failures'];
/**
 * `jobs` is compared by its rows (a refused request must queue no mail), not by the runner's progress on them: the job
 * runner (lib/jobs.ts) claims, sends, retries and reschedules on its own, between any two requests.
 */
const JOB_PROGRESS = ['status', 'run_at', 'attempts', 'last_error', 'locked_until', 'locked_by', 'give_up_at'];
const IGNORED_COLUMNS: Record<string, string[]> = {
  users: ['access_failed_count', 'access_failed_at', 'lockout_end'],
  // Any authenticated request marks its session used (the idle timeout), refused or not.
  sessions: ['last_used_at'],
  jobs: [...JOB_PROGRESS, 'finished_at', 'payload'],
};

/** English phrases of Fastify, zod and HTTP that must never reach the user. */
const ENGLISH =
  /\b(must|required|expected|invalid|too big|too small|unrecognized|received|should|not allowed|bad request|internal server error|unsupported|not found|unauthorized|forbidden|cannot|body\/|querystring|FST_)\b/i;

const SUPER_ONLY = new Set([
  'PUT /api/resources/{id}/set-value',
  'POST /api/subcategories',
  'GET /api/subcategories/{id}',
  'PUT /api/subcategories/{id}',
  'DELETE /api/subcategories/{id}',
  'POST /api/faq/questions',
  'POST /api/pages',
  'PUT /api/pages/{id}',
  'DELETE /api/pages/{id}',
  'POST /api/products/featured',
  'POST /api/products/search',
  'DELETE /api/workspaces/{id}',
  'POST /api/workspaces',
  'POST /api/workspaces/{id}/publish-status',
  'POST /api/workspaces/featured',
  'PUT /api/admin/settings',
]);
/** Public without being under /api/shop: the log-in and password-reset calls. */
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/account/reset-password-request',
  'POST /api/account/reset-password',
]);

type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Op = { key: string; method: string; path: string; params: Param[]; body?: JsonSchema; role: Role };
type Body = { json: unknown } | { raw: string; contentType: string };
type Input = {
  params: Record<string, string>;
  headers: Record<string, string>;
  body?: Body;
  what: string;
  /** Raw query text appended as is (a parameter given twice). */
  extraQuery?: string;
};

let t: TestApp;
let tok: Tokens;
let ids: string[] = [];
let snapshotQuery = '';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
  tok = await tokensFor(t);
  // A few reservations in the states the reservation calls act on, so valid-looking inputs reach the services.
  for (const stage of ['new', 'awaitingPayment', 'paid'] as const) await reservationIn(t, tok.adminA as string, stage);
  const rows = async (q: string) => (await query<{ id: string }>(q)).map((r) => r.id);
  ids = [
    ...(await rows('select id from tenants')),
    ...(await rows('select id from workspaces')),
    ...(await rows('select id from users')),
    ...(await rows('select id from products order by created_at desc limit 5')),
    ...(await rows('select id from reservations order by created_at desc limit 5')),
    ...(await rows('select id from categories limit 5')),
    ...(await rows('select id from pages limit 2')),
    ...(await rows('select id from subcategories limit 2')),
    ...(await rows('select id from resources limit 2')),
    ...(await rows('select id from images limit 2')),
    FAQ_IDS.backOffice,
    FAQ_IDS.shop,
  ];
  const tables = (
    await query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  )
    .map((r) => r.name)
    .filter((n) => !IGNORED_TABLES.includes(n));
  // Every insert or update writes a row version with a newer transaction id (xmin) and every delete lowers the
  // count, so (count, newest xmin) changes with any write; a table with ignored columns is hashed without them.
  snapshotQuery = tables
    .map((name) => {
      const ignored = IGNORED_COLUMNS[name];
      if (!ignored)
        return `select '${name}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as h from "${name}"`;
      const row = `(to_jsonb(x)${ignored.map((c) => ` - '${c}'`).join('')})::text`;
      return `select '${name}' as t, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as h from "${name}" x`;
    })
    .join(' union all ');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Raw SQL on either database (PGlite and node-postgres both answer `{ rows }`). */
async function query<T>(text: string): Promise<T[]> {
  const res = (await t.ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * The next transaction id of the server: it moves only when some transaction wrote (or tried to). When it has not
 * moved, nothing changed and the full snapshot is skipped; when it has, the tables are compared.
 */
async function nextXid(): Promise<string> {
  return (await query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x'))[0]?.x ?? '';
}

/** A hash of every row of every table (minus the ones a refusal may write), per table. */
async function snapshot(): Promise<Map<string, string>> {
  return new Map((await query<{ t: string; h: string }>(snapshotQuery)).map((r) => [r.t, r.h]));
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const key = `${m.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []) as Param[];
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const body = content?.['application/json']?.schema;
      if (params.length === 0 && !body) continue;
      const isPublic = PUBLIC.has(key) || (Array.isArray(op.security) && op.security.length === 0);
      const role: Role = isPublic ? 'anon' : SUPER_ONLY.has(key) ? 'super' : 'adminA';
      ops.push({ key, method: m.toUpperCase(), path, params, body, role });
    }
  }
  return ops;
}

const headerText = fc.stringMatching(/^[ -~]{0,80}$/);

function paramArb(p: Param): fc.Arbitrary<string | undefined> {
  const value = fc.oneof(
    { arbitrary: validArb(p.schema, ids).map((v) => String(v)), weight: 4 },
    { arbitrary: fc.constantFrom(...NAUGHTY_STRINGS), weight: 2 },
    { arbitrary: fc.constantFrom(...boundaryValues(p.schema).map((v) => String(v).slice(0, 2000))), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 1 },
  );
  if (p.in === 'header') return fc.option(headerText, { nil: undefined });
  return p.required ? value : fc.option(value, { nil: undefined });
}

function bodyArb(op: Op): fc.Arbitrary<Body | undefined> {
  const json = (a: fc.Arbitrary<unknown>) => a.map((v): Body => ({ json: v }));
  const raw = fc.constantFrom<Body>(
    { raw: '{"name": "half', contentType: 'application/json' },
    { raw: '', contentType: 'application/json' },
    { raw: 'name=vaas', contentType: 'application/x-www-form-urlencoded' },
    { raw: 'gewoon tekst', contentType: 'text/plain' },
    { raw: '<x/>', contentType: 'application/xml' },
  );
  if (!op.body) {
    if (op.method === 'GET') return fc.constant(undefined);
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: json(junkArb()), weight: 1 });
  }
  const schema = op.body;
  const mutated = validArb(schema, ids).chain((base) =>
    fc.constantFrom(...fieldCases(schema, base)).map((c) => c.value),
  );
  return fc.oneof(
    { arbitrary: json(validArb(schema, ids)), weight: 3 },
    { arbitrary: json(mutated), weight: 4 },
    { arbitrary: json(junkArb()), weight: 2 },
    { arbitrary: raw, weight: 1 },
  );
}

function inputArb(op: Op): fc.Arbitrary<Input> {
  const params = fc.record(Object.fromEntries(op.params.map((p) => [`${p.in}:${p.name}`, paramArb(p)])));
  return fc.tuple(params, bodyArb(op)).map(([values, body]) => split(values, body, 'random'));
}

function split(values: Record<string, string | undefined>, body: Body | undefined, what: string): Input {
  const input: Input = { params: {}, headers: {}, body, what };
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    const [where, name] = k.split(':') as [string, string];
    if (where === 'header') input.headers[name] = v;
    else input.params[`${where}:${name}`] = v;
  }
  return input;
}

/** The fixed cases of a route: each field and parameter on and over its limits, with the rest valid. */
function fixedInputs(op: Op): Input[] {
  const baseValues: Record<string, string | undefined> = {};
  for (const p of op.params) {
    baseValues[`${p.in}:${p.name}`] =
      p.in === 'header' ? undefined : String(fc.sample(validArb(p.schema, ids), { seed: SEED, numRuns: 1 })[0]);
  }
  const baseBody = op.body ? fc.sample(validArb(op.body, ids), { seed: SEED, numRuns: 1 })[0] : undefined;
  const body = (v: unknown): Body | undefined => (op.body ? { json: v } : undefined);
  const inputs: Input[] = [split(baseValues, body(baseBody), 'baseline')];
  for (const p of op.params) {
    // URLs are kept under Node's 16 KB header limit, which answers 431 before the app sees the request.
    const values = [...boundaryValues(p.schema).map((v) => String(v).slice(0, 2000)), '\u0000', '\uD800', '', '%'];
    for (const v of p.in === 'header' ? ['x', '  ', "'; --", 'z'.repeat(65)] : values) {
      inputs.push(split({ ...baseValues, [`${p.in}:${p.name}`]: v }, body(baseBody), `${p.name}=${v.slice(0, 20)}`));
    }
  }
  for (const p of op.params.filter((q) => q.in === 'query')) {
    const twice = { ...split(baseValues, body(baseBody), `${p.name} twice`), extraQuery: `${p.name}=1&${p.name}=x` };
    inputs.push(twice);
  }
  if (op.body) {
    for (const c of fieldCases(op.body, baseBody)) inputs.push(split(baseValues, { json: c.value }, c.what));
    inputs.push(
      split(baseValues, { raw: `{"x":"${'z'.repeat(1_100_000)}"}`, contentType: 'application/json' }, '1,1 MB'),
    );
    inputs.push(split(baseValues, { raw: '{"a":', contentType: 'application/json' }, 'broken JSON'));
    inputs.push(split(baseValues, { raw: 'tekst', contentType: 'text/plain' }, 'text/plain'));
  }
  return inputs;
}

/** A path segment; a lone surrogate cannot be UTF-8, so it goes out as the bytes of one (invalid UTF-8) instead. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

async function send(op: Op, input: Input) {
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(input.params[`path:${name}`] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.params)) if (k.startsWith('query:')) query.set(k.slice(6), v);
  const queryText = [query.toString(), input.extraQuery].filter(Boolean).join('&');
  if (queryText) url += `?${queryText}`;
  const headers: Record<string, string> = { ...input.headers };
  const token = tok[op.role];
  if (token) headers.authorization = `Bearer ${token}`;
  let raw: string | undefined;
  if (input.body && 'json' in input.body) {
    raw = toJsonText(input.body.json);
    headers['content-type'] = 'application/json';
  } else if (input.body) {
    raw = input.body.raw;
    headers['content-type'] = input.body.contentType;
  }
  // The webhook is signed by its caller; signing every input lets the valid-looking ones reach the service.
  if (op.key === 'POST /api/payments/webhook')
    headers['x-signature'] = sign(t.ctx.config.paymentWebhookSecret, raw ?? '');
  return t.call(op.method, url, { raw, headers });
}

function describeInput(op: Op, input: Input): string {
  const body = input.body && 'json' in input.body ? JSON.stringify(input.body.json) : input.body?.raw;
  return `${op.key} [${input.what}] params=${JSON.stringify(input.params)} headers=${JSON.stringify(input.headers)} body=${(body ?? '').slice(0, 300)}`;
}

/** What is wrong with one answer; empty when it is fine. */
function problemsOf(status: number, body: unknown, headers: Headers): string[] {
  if (status >= 500) return [`${status}`];
  if (status < 400) return [];
  const problems: string[] = [];
  if (!headers.get('content-type')?.includes('application/json')) problems.push(`${status} without JSON`);
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success)
    return [...problems, `${status} is not the error envelope: ${JSON.stringify(body).slice(0, 200)}`];
  const messages = [parsed.data.error.message, ...(parsed.data.error.validationErrors ?? []).map((v) => v.message)];
  for (const message of messages) {
    // The e-mail message quotes the address that was sent; only our own words are checked.
    const open = message.indexOf('(');
    const own = open >= 0 && message.endsWith(')') ? `${message.slice(0, open)}()` : message;
    if (own.trim() === '') problems.push(`${status} with an empty message`);
    else if (ENGLISH.test(own)) problems.push(`${status} with English: ${message}`);
  }
  return problems;
}

/** Checks each answer, and the database after it: a refusal (4xx) must leave every table as it was. */
async function checker() {
  const state = { tried: 0, refused: 0, fives: 0, fullSnapshots: 0, failures: [] as string[] };
  let before = await snapshot();
  let xid = await nextXid();
  return {
    state,
    async check(res: { status: number; body: unknown; headers: Headers }, what: () => string) {
      state.tried += 1;
      const nowXid = await nextXid();
      const after = nowXid === xid ? before : await snapshot();
      if (nowXid !== xid) state.fullSnapshots += 1;
      xid = nowXid;
      const problems = problemsOf(res.status, res.body, res.headers);
      if (res.status >= 500) state.fives += 1;
      if (res.status >= 400 && res.status < 500) {
        state.refused += 1;
        const changed = [...after].filter(([table, hash]) => before.get(table) !== hash).map(([table]) => table);
        if (changed.length) problems.push(`${res.status} but changed ${changed.join(', ')}`);
      }
      if (problems.length) state.failures.push(`${problems.join('; ')} — ${what()}`);
      before = after;
    },
    /** The check is not blind: a write shows, a write to an ignored column does not. */
    async proveItSees() {
      const [page] = await query<{ id: string }>('select id from pages limit 1');
      await query(`update pages set position = position where id = '${page?.id}'`);
      expect(await nextXid()).not.toBe(xid);
      expect(await snapshot()).not.toEqual(before);
      const untouched = await snapshot();
      await query('update users set access_failed_count = access_failed_count + 1');
      expect(await snapshot()).toEqual(untouched);
    },
  };
}

function expectNoFailures(failures: string[]) {
  if (failures.length) writeFileSync(FAILURES_FILE, `${failures.join('\n')}\n`);
  expect(failures.slice(0, 40), `all ${failures.length} in ${FAILURES_FILE}`).toEqual([]);
}

/** A multipart body written by hand, so boundaries and parts can be wrong on purpose. */
function multipart(parts: { name: string; filename?: string; type?: string; data: Uint8Array | string }[], end = true) {
  const boundary = 'fuzz-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('fuzzing every route with a body or parameters', () => {
  it('never answers 500, answers every 4xx with a Dutch envelope, and changes nothing when it refuses', async () => {
    const doc = await t.call<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
      'GET',
      '/api/docs/json',
    );
    const ops = operations(doc.body);
    expect(ops.length).toBeGreaterThan(40);
    const c = await checker();
    for (const [index, op] of ops.entries()) {
      const random = fc.sample(inputArb(op), { seed: SEED + index, numRuns: RANDOM_RUNS });
      for (const input of [...fixedInputs(op), ...random]) {
        await c.check(await send(op, input), () => describeInput(op, input));
      }
    }
    const { tried, refused, fives, fullSnapshots, failures } = c.state;
    process.stdout.write(
      `fuzz (seed ${SEED}, ${RANDOM_RUNS} random runs per route): ${ops.length} routes, ${tried} inputs tried, ${refused} refused with 4xx and each checked to leave the database as it was (${fullSnapshots} needed a full table comparison), 500s found: ${fives}\n`,
    );
    await c.proveItSees();
    expectNoFailures(failures);
    expect(fives).toBe(0);
  }, 300_000);

  // POST images takes multipart, which the OpenAPI document describes without a schema: its inputs are written here.
  it('never answers 500 to a broken or hostile upload, and a refused one stores nothing', async () => {
    const jpeg = await jpegBytes();
    const random = fc.sample(fc.uint8Array({ minLength: 0, maxLength: 4096 }), { seed: SEED, numRuns: 12 });
    const file = (data: Uint8Array | string, type = 'image/jpeg', filename = 'foto.jpg') => [
      { name: 'formFile', filename, type, data },
    ];
    const cases: [string, ReturnType<typeof multipart>][] = [
      ...random.map(
        (bytes, i) => [`random bytes ${i}`, multipart(file(bytes))] as [string, ReturnType<typeof multipart>],
      ),
      ['truncated JPEG', multipart(file(jpeg.slice(0, Math.floor(jpeg.length / 2))))],
      ['JPEG header and junk', multipart(file(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...(random[1] ?? [])])))],
      [
        'PNG signature and junk',
        multipart(file(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]))),
      ],
      ['GIF', multipart(file('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'image/gif', 'x.gif'))],
      [
        'SVG with a script',
        multipart(
          file('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml', 'x.svg'),
        ),
      ],
      ['empty file', multipart(file(new Uint8Array()))],
      ['naughty file name', multipart(file(jpeg, 'image/jpeg', '../../etc/passwd\u202Egpj.exe'))],
      ['wrong field name', multipart([{ name: 'file', filename: 'foto.jpg', type: 'image/jpeg', data: jpeg }])],
      ['text field only', multipart([{ name: 'formFile', data: 'geen bestand' }])],
      ['two files', multipart([...file(jpeg), ...file(jpeg)])],
      ['no parts', multipart([])],
      ['no closing boundary', multipart(file(jpeg), false)],
    ];
    const c = await checker();
    const headers = { authorization: `Bearer ${tok.adminA}` };
    const sendRaw = async (body: Buffer | string, contentType: string) => {
      const res = await fetch(`${t.baseUrl}/api/images`, {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType },
        body: new Uint8Array(Buffer.from(body)),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed, headers: res.headers };
    };
    for (const [what, m] of cases)
      await c.check(await sendRaw(m.body, m.contentType), () => `POST /api/images [${what}]`);
    const noBoundary = multipart(file(jpeg));
    await c.check(await sendRaw(noBoundary.body, 'multipart/form-data'), () => 'POST /api/images [no boundary]');
    await c.check(
      await sendRaw(JSON.stringify({ formFile: 'x' }), 'application/json'),
      () => 'POST /api/images [JSON]',
    );
    const { tried, refused, fives, failures } = c.state;
    process.stdout.write(
      `fuzz of POST /api/images: ${tried} uploads tried, ${refused} refused with 4xx, 500s found: ${fives}\n`,
    );
    expectNoFailures(failures);
    expect(fives).toBe(0);
  }, 120_000);
});
