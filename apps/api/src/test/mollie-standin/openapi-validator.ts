import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Checks a request against Mollie's own published OpenAPI 3.1 document (mollie-openapi.yaml, origin and SHA-256 in
 * README.md beside it): the operation must exist for the method and path, its required parameters must be there and
 * valid, and the JSON body must match the operation's request schema. JSON Schema 2020-12 (what OpenAPI 3.1 uses) by
 * Ajv over the document itself: every `$ref` is resolved inside the vendored file, nothing is copied out of it.
 */

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: object };
type Operation = { parameters?: RefOr<Parameter>[]; requestBody?: { content?: Record<string, { schema?: object }> } };
type RefOr<T> = T | ({ $ref: string } & Partial<T>);
type PathItem = { parameters?: RefOr<Parameter>[] } & Record<string, Operation | RefOr<Parameter>[] | undefined>;
type Document = { paths: Record<string, PathItem>; components: { parameters: Record<string, Parameter> } };

export type MollieRequest = {
  method: string;
  /** The path under the API's root, e.g. `/v2/payments/tr_123/refunds`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
};

export type Match = { template: string; params: Record<string, string> };

const DOCUMENT_ID = 'https://api.mollie.com/openapi.yaml';

function absolute(schema: unknown): never {
  if (Array.isArray(schema)) return schema.map(absolute) as never;
  if (schema === null || typeof schema !== 'object') return schema as never;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOCUMENT_ID}${value}` : absolute(value),
    ]),
  ) as never;
}

export function createOpenApiValidator(file = new URL('./mollie-openapi.yaml', import.meta.url)) {
  const doc = parse(readFileSync(file, 'utf8')) as Document;
  requestView(doc);
  // strict: false — the document carries OpenAPI's own keywords (example, x-enumDescriptions, …) beside the schemas.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOCUMENT_ID });
  const compiled = new Map<object, ValidateFunction>();
  // A schema taken from the document (a body's, a parameter's) with its `#/…` references pointed at the document.
  const validatorOf = (schema: object) => {
    let found = compiled.get(schema);
    if (!found) {
      found = ajv.compile(absolute(schema));
      compiled.set(schema, found);
    }
    return found;
  };
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    regex: new RegExp(
      `^${template.replace(/\{(\w+)\}/g, (_m, name: string) => `(?<${name.replace(/\W/g, '_')}>[^/]+)`)}$`,
    ),
  }));

  function match(path: string): Match | null {
    // A literal path (/v2/organizations/me) wins over a template that would also match it.
    const literal = doc.paths[path] ? path : null;
    if (literal) return { template: literal, params: {} };
    for (const { template, regex } of templates) {
      const m = regex.exec(path);
      if (m) return { template, params: { ...m.groups } };
    }
    return null;
  }

  function resolve(parameter: RefOr<Parameter>): Parameter {
    if ('$ref' in parameter && parameter.$ref) {
      const name = parameter.$ref.replace('#/components/parameters/', '');
      const base = doc.components.parameters[name];
      if (!base) throw new Error(`Mollie's document has no parameter ${parameter.$ref}`);
      return { ...base, ...parameter } as Parameter;
    }
    return parameter as Parameter;
  }

  /** The problems of a request (empty when it is valid), in the words of the check that failed. */
  function problems(request: MollieRequest): string[] {
    const found = match(request.path);
    const method = request.method.toLowerCase();
    const item = found && doc.paths[found.template];
    const operation = item?.[method] as Operation | undefined;
    if (!found || !operation) return [`${request.method} ${request.path} is no operation of Mollie's API`];
    const out: string[] = [];
    const parameters = [...(item?.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
    for (const parameter of parameters) {
      const raw =
        parameter.in === 'path'
          ? found.params[parameter.name.replace(/\W/g, '_')]
          : parameter.in === 'query'
            ? (request.query.get(parameter.name) ?? undefined)
            : parameter.in === 'header'
              ? request.headers[parameter.name.toLowerCase()]
              : undefined;
      if (raw === undefined) {
        if (parameter.required) out.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      if (!parameter.schema || parameter.in === 'header') continue;
      // A query value is text on the wire; the schema says what it stands for (a boolean, a number, a list).
      const value = typeof raw === 'string' ? coerce(raw, parameter.schema) : raw;
      const check = validatorOf(parameter.schema);
      if (!check(value)) out.push(`${parameter.in} parameter ${parameter.name}: ${ajv.errorsText(check.errors)}`);
    }
    const content = operation.requestBody?.content?.['application/json'];
    if (content?.schema) {
      const check = validatorOf(content.schema);
      if (!check(request.body)) out.push(`body: ${ajv.errorsText(check.errors, { dataVar: 'body' })}`);
    } else if (request.body !== undefined && request.body !== null && request.body !== '') {
      out.push(`${request.method} ${found.template} takes no body`);
    }
    return out;
  }

  return { problems, match, document: doc };
}

/**
 * The document describes each resource once (`entity-payment`, `entity-refund`, …) and builds both the response and
 * the request schema from it (`refund-request` = `entity-refund` + `required: [amount]`). The entity's `required`
 * lists what every *response* carries (its id, status, createdAt, …); what a *request* needs is in the request
 * schema's own `required`. So, in the copy validated against (the file is untouched), the entities' `required` goes:
 * every type, format, enum and pattern still applies, and the request schemas' own `required` still applies.
 */
function requestView(doc: Document) {
  const schemas = (doc.components as { schemas?: Record<string, { required?: unknown }> }).schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) if (name.startsWith('entity-')) delete schema.required;
}

function coerce(raw: string, schema: object): unknown {
  const type = (schema as { type?: string | string[] }).type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  return raw;
}
