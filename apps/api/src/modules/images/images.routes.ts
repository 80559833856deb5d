import {
  ERROR_CODES,
  endpoints,
  IMAGE_UPLOAD_FIELD,
  IMAGE_URL_PATH,
  MAX_IMAGE_BYTES,
  MESSAGES,
} from '@ateliermarkt/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { UUID } from '../../lib/uuid.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { contentTypeOf, type ImageFormat, type Variant } from './image-files.ts';
import * as service from './images.service.ts';

/** Reads the one file of field `formFile`, refusing more than 4 MB while it streams in. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(ERROR_CODES.unsupportedMediaType, MESSAGES.imageNotJpegOrPng);
  try {
    const file = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!file || file.fieldname !== IMAGE_UPLOAD_FIELD)
      throw new AppError(ERROR_CODES.validation, MESSAGES.imageMissing);
    const bytes = await file.toBuffer();
    // toBuffer() checks for the limit after each chunk; when busboy marks the stream truncated only after the last
    // one, it answers the first 4 MB as if they were the whole file (seen once under heavy load): never store those.
    if (file.file.truncated) throw new AppError(ERROR_CODES.tooLarge, MESSAGES.imageTooLarge);
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ERROR_CODES.tooLarge, MESSAGES.imageTooLarge);
    throw new AppError(ERROR_CODES.validation, MESSAGES.imageMissing);
  }
}

/**
 * Uploads per user (the caller is known by then: the limit runs after the log-in check), counted in the database
 * like every limit (docs/decisions/0008), so it holds across instances.
 */
function uploadRateLimit(ctx: AppContext) {
  return {
    max: ctx.config.uploadRateLimit,
    timeWindow: ctx.config.uploadRateWindowMs,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => (req.actor ? `user:${req.actor.userId}` : `ip:${req.ip}`),
    errorResponseBuilder: () => new AppError(ERROR_CODES.rateLimited, MESSAGES.tooManyUploads),
  };
}

export function imagesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });

    route(scoped, endpoints.uploadImage, async (req) => service.uploadImage(ctx, actorOf(req), await readUpload(req)), {
      config: { rateLimit: uploadRateLimit(ctx) },
    });

    route(scoped, endpoints.deleteImage, async (req, reply) => {
      await service.deleteImage(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    });
  });
}

const VARIANT_FILE = /^(original|medium|thumbnail)\.(jpg|png)$/;

/**
 * Serves the stored variants from the database, so any instance answers for any image (docs/decisions/0008). Their
 * URLs never change, so browsers may keep them for a year; the ETag is a hash of the bytes and answers 304.
 */
export function registerImageFiles(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { id: string; file: string } }>(
    `${IMAGE_URL_PATH}:id/:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const file = VARIANT_FILE.exec(req.params.file);
      if (!UUID.test(req.params.id) || !file) throw notFound();
      const variant = await service.findVariant(ctx.db, req.params.id, file[1] as Variant, file[2] as string);
      if (!variant) throw notFound();
      reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        // Public pictures: a storefront on another origin shows them; helmet's same-origin is for the rest.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('ETag', variant.etag)
        .header('Last-Modified', variant.createdAt.toUTCString());
      if (req.headers['if-none-match'] === variant.etag) return reply.status(304).send();
      return reply.type(contentTypeOf(variant.format as ImageFormat)).send(variant.data);
    },
  );
}
