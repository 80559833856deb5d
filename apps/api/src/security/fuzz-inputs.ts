import fc from 'fast-check';

/**
 * Inputs for the fuzz test, made from the JSON schemas of the OpenAPI document: values that fit the schema, the same
 * with one field broken (wrong type, missing, boundary ±1, huge, naughty), and junk of any shape.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
};

/** Strings that broke programs before: quotes, SQL, markup, format strings, odd unicode, control characters. */
export const NAUGHTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\\',
  '\\\\\\"',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&lt;&amp;&gt;',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a naughty string, meant literally
  '${7*7}',
  '%s%s%s%n',
  '\u202Egnp.exe',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFEFFbom',
  'zero\u200B\u200C\u200Dwidth',
  'עברית ومرحبا',
  '𝕿𝖊𝖘𝖙',
  '\uD800',
  'x\uDFFFy',
  '\uFFFF\uFFFE',
  '田中さんにあげて下さい',
  'Ω≈ç√∫˜µ≤≥÷',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'admin@ateliermarkt.nl',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
];

const UUID_PATTERN_START = '^([0-9a-fA-F]{8}';

/**
 * Stands for JSON nested 8,000 levels deep, which JSON.stringify cannot write (its own recursion overflows): a
 * value holding this string is written by `toJsonText`, which puts the nesting in its place.
 */
export const DEEP_NESTING = '\u0000deep-nesting\u0000';
const DEEP_TEXT = `${'{"a":['.repeat(8_000)}0${']}'.repeat(8_000)}`;

/** JSON.stringify, with every DEEP_NESTING string replaced by JSON nested 8,000 levels deep. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.split(JSON.stringify(DEEP_NESTING)).join(DEEP_TEXT);
}

/** Objects whose keys reach for the prototype, as JSON.parse makes them (own `__proto__` and `constructor` keys). */
export const PROTOTYPE_KEYS: readonly Record<string, unknown>[] = [
  JSON.parse('{"__proto__":{"isSuperAdmin":true,"tenantId":null}}'),
  JSON.parse('{"constructor":{"prototype":{"isSuperAdmin":true}}}'),
  JSON.parse('{"prototype":{"x":1},"toString":"x","hasOwnProperty":1,"valueOf":null}'),
];

/** A long run of the shapes that make a backtracking regular expression go quadratic (the audit's e-mail). */
export const HOSTILE_STRING = `a@${'.'.repeat(150_000)}@${'<'.repeat(50_000)}${'-'.repeat(50_000)}`;

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

/** Values that fit the schema (as far as JSON Schema says; the contract's own refinements may still refuse them). */
export function validArb(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const base = validInner(schema, ids);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function validInner(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validArb(s, ids)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'uuid' || schema.pattern?.startsWith(UUID_PATTERN_START)) {
        return ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
      }
      if (schema.format === 'email' || schema.format === 'date-time') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(
        fc.string({ unit: 'grapheme', minLength, maxLength }),
        fc.constantFrom(...NAUGHTY_STRINGS.filter((s) => s.length >= minLength && s.length <= maxLength)),
      );
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.oneof(
        fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 1000) }),
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArb(schema.items ?? {}, ids), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, validArb(s, ids)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    // Open set: a JSON schema's type is any string.
    default:
      return junkArb();
  }
}

/** Any JSON at all, deep nesting and odd numbers included. */
export function junkArb(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom(
      null,
      0,
      -1,
      1e308,
      -1e308,
      5e-324,
      Number.MAX_SAFE_INTEGER + 2,
      true,
      '',
      [],
      {},
      Array.from({ length: 20 }).reduce<unknown>((inner) => [inner], []),
      JSON.parse('{"__proto__":{"isSuperAdmin":true},"constructor":{"prototype":{"x":1}}}'),
      DEEP_NESTING,
      [DEEP_NESTING],
      HOSTILE_STRING,
      ...PROTOTYPE_KEYS,
    ),
    fc.constantFrom(...NAUGHTY_STRINGS),
    nested(30),
  );
}

function nested(depth: number): fc.Arbitrary<unknown> {
  return fc.constant(Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: [inner] }), 'bodem'));
}

/** Values just inside and just outside a field's limits, plus the wrong types. */
export function boundaryValues(schema: JsonSchema): unknown[] {
  const out: unknown[] = [];
  const type = typeOf(schema);
  if (type === 'string') {
    const max = schema.maxLength;
    const min = schema.minLength ?? 0;
    if (max !== undefined) out.push('x'.repeat(max), 'x'.repeat(max + 1));
    if (min > 0) out.push('x'.repeat(min - 1), 'x'.repeat(min));
    out.push('y'.repeat(100_000), HOSTILE_STRING, 12345, true, ['x'], { x: 'x' });
  } else if (type === 'integer' || type === 'number') {
    const { minimum: min, maximum: max } = schema;
    if (min !== undefined) out.push(min - 1, min);
    if (max !== undefined) out.push(max, max + 1);
    if (type === 'integer') out.push(1.5);
    out.push(1e308, '12', { n: 1 });
  } else if (type === 'boolean') {
    out.push('true', 1);
  } else if (type === 'array') {
    const { minItems, maxItems } = schema;
    const item = schema.items ? validSample(schema.items) : 'x';
    if (minItems !== undefined && minItems > 0) out.push(Array.from({ length: minItems - 1 }, () => item));
    if (maxItems !== undefined) {
      out.push(
        Array.from({ length: maxItems }, () => item),
        Array.from({ length: maxItems + 1 }, () => item),
      );
    }
    out.push(
      Array.from({ length: 1000 }, () => item),
      'not-an-array',
      [null],
    );
  } else if (type === 'object') {
    out.push([], 'object');
  }
  if (!schema.nullable) out.push(null);
  return out;
}

/** One deterministic value that fits a schema (its minimum size). */
function validSample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return validSample(schema.anyOf[0]);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'uuid' || schema.pattern?.startsWith(UUID_PATTERN_START))
        return '00000000-0000-4000-8000-000000000001';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    // Open set: a JSON schema's type is any string.
    default:
      return 'x';
  }
}

/**
 * Cases for one object body: from a baseline that fits the schema, each field in turn missing, of the wrong type,
 * on and over its limits; one extra field; and for arrays of objects (the FAQ list) the same inside the first item.
 */
export function fieldCases(schema: JsonSchema, baseline: unknown): { what: string; value: unknown }[] {
  const cases: { what: string; value: unknown }[] = [];
  if (typeOf(schema) === 'array' && schema.items && typeOf(schema.items) === 'object') {
    const first = Array.isArray(baseline) && baseline.length ? baseline[0] : validSample(schema.items);
    for (const c of fieldCases(schema.items, first)) cases.push({ what: `[0].${c.what}`, value: [c.value] });
    for (const v of boundaryValues(schema)) cases.push({ what: 'list', value: v });
    return cases;
  }
  if (typeOf(schema) !== 'object' || typeof baseline !== 'object' || baseline === null) {
    for (const v of boundaryValues(schema)) cases.push({ what: 'body', value: v });
    return cases;
  }
  const base = baseline as Record<string, unknown>;
  for (const [key, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const { [key]: _, ...without } = base;
    cases.push({ what: `${key} missing`, value: without });
    for (const v of boundaryValues(fieldSchema)) cases.push({ what: key, value: { ...base, [key]: v } });
    // Any field: nesting 8,000 levels deep, and objects that reach for the prototype.
    for (const v of [DEEP_NESTING, ...PROTOTYPE_KEYS]) cases.push({ what: key, value: { ...base, [key]: v } });
    if (typeOf(fieldSchema) === 'string') cases.push({ what: key, value: { ...base, [key]: 'a\u0000b' } });
  }
  cases.push({
    what: 'extra field',
    value: { ...base, isSuperAdmin: true, tenantId: '00000000-0000-0000-0000-0000000000aa' },
  });
  for (const keys of PROTOTYPE_KEYS)
    cases.push({ what: `prototype keys ${Object.keys(keys)[0]}`, value: { ...base, ...keys } });
  cases.push({ what: 'nested 8,000 deep', value: DEEP_NESTING });
  return cases;
}
