/**
 * The OpenAPI document at /api/docs/json and its page at /api/docs, generated from the schemas that validate the
 * requests. What the zod schemas cannot say is added here, once for every route:
 * a 204 has no body, a multipart upload describes its form fields (`multipartBody`), a download its file. `npm test`
 * lints the document with Redocly (scripts/openapi-lint.ts) and openapi.test.ts checks what must stay true of it.
 */
import { PRODUCT_NAME } from '@ateliermarkt/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * For the document only: the form fields of a multipart/form-data body, which the route reads itself (Fastify
     * does not validate a multipart body against `body`).
     */
    multipartBody?: ZodType;
  }
}

// A file in an answer is the contract's `fileAnswer(mediaType, description)` (endpoints/endpoint.ts).

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Schema = Record<string, unknown> & { response?: Record<string, unknown>; multipartBody?: ZodType };

/** Status codes that never carry a body. */
const NO_BODY = new Set(['204', '304']);

function transform(input: TransformInput) {
  const { schema: original } = input;
  const { multipartBody, ...rest } = (original ?? {}) as Schema;
  const result = jsonSchemaTransform({ ...input, schema: rest as TransformInput['schema'] });
  const schema = result.schema as Schema | undefined;
  if (!schema || schema.hide) return result;
  if (schema.response) {
    for (const [status, response] of Object.entries(schema.response)) {
      if (!NO_BODY.has(status)) continue;
      const description = (response as { description?: string } | undefined)?.description;
      // @fastify/swagger leaves out the content of a `type: 'null'` answer.
      schema.response[status] = { type: 'null', description: description ?? 'Geen inhoud' };
    }
  }
  if (multipartBody) {
    schema.body = z.toJSONSchema(multipartBody, { target: 'openapi-3.0', io: 'input' });
    schema.consumes = ['multipart/form-data'];
  }
  return result;
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`; zod writes a nullable union as `anyOf` with `nullable` beside
 * it. The same meaning in 3.0: each member of the union accepts null.
 */
function nullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableUnions(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.anyOf) && schema.type === undefined) {
    schema.anyOf = schema.anyOf.map((member) => ({ ...(member as object), nullable: true }));
    delete schema.nullable;
  }
  for (const value of Object.values(schema)) nullableUnions(value);
}

export async function registerOpenApi(app: FastifyInstance, apiBase: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'De API van de Ateliermarkt back-office.' },
      servers: [{ url: '/', description: 'Deze server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      // Every operation needs a token unless it says otherwise (`security: []`: public).
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      nullableUnions(openapi);
      return openapi;
    },
  });
  await app.register(swaggerUi, { routePrefix: `${apiBase}/docs`, staticCSP: true });
}
