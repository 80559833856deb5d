import { mkdir } from 'node:fs/promises';
import {
  ERROR_CODES,
  errorEnvelopeSchema,
  IMAGE_UPLOAD_FIELD,
  IMAGE_URL_PATH,
  imageSchema,
  MAX_IMAGE_BYTES,
  MESSAGES,
} from '@ateliermarkt/contract';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import { imagesDir } from './image-files.ts';
import * as service from './images.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
};

/** Reads the one file of field `formFile`, refusing more than 4 MB while it streams in. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(ERROR_CODES.unsupportedMediaType, MESSAGES.imageNotJpegOrPng);
  try {
    const file = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
    if (!file || file.fieldname !== IMAGE_UPLOAD_FIELD)
      throw new AppError(ERROR_CODES.validation, MESSAGES.imageMissing);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ERROR_CODES.tooLarge, MESSAGES.imageTooLarge);
    throw new AppError(ERROR_CODES.validation, MESSAGES.imageMissing);
  }
}

export function imagesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
    const r = scoped.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/images',
      {
        preValidation: requireAuth,
        schema: {
          tags: ['images'],
          summary: 'Afbeelding uploaden (multipart, veld formFile; JPG of PNG, hoogstens 4 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: imageSchema, ...errors },
        },
      },
      async (req) => service.uploadImage(ctx, actorOf(req), await readUpload(req)),
    );

    r.delete(
      '/images/:id',
      {
        preValidation: requireAuth,
        schema: {
          tags: ['images'],
          params: z.object({ id: z.uuid() }),
          response: { 204: z.null().describe('Verwijderd'), ...errors },
        },
      },
      async (req, reply) => {
        await service.deleteImage(ctx, actorOf(req), req.params.id);
        return reply.status(204).send(null);
      },
    );
  });
}

/** Serves the stored variants: their URLs never change, so browsers may keep them for a year. */
export async function registerImageFiles(app: FastifyInstance, ctx: AppContext) {
  await mkdir(imagesDir(ctx.config.dataDir), { recursive: true });
  await app.register(fastifyStatic, {
    root: imagesDir(ctx.config.dataDir),
    prefix: IMAGE_URL_PATH,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res) {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
}
