import {
  CSV_MIME,
  ERROR_CODES,
  endpoints,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  PRODUCT_EXPORT_FILES,
  XLSX_MIME,
} from '@ateliermarkt/contract';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { productsCsv, productsXlsx } from './product-export.service.ts';
import { importProducts } from './product-import.service.ts';
import { isCsv, isXlsx, readSheet } from './sheet-files.ts';

const MB = 1024 * 1024;

function sendFile(reply: FastifyReply, mime: string, fileName: string, bytes: Buffer) {
  return reply
    .header('Content-Type', mime)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

/** A file part read up to `max` bytes: past it a 413 with `message`, without reading the rest into memory. */
async function readPart(part: MultipartFile, max: number, message: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max || part.file.truncated) throw new AppError(ERROR_CODES.tooLarge, message);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new AppError(ERROR_CODES.tooLarge, message);
  return Buffer.concat(chunks);
}

type ImportForm = {
  file: { name: string; mime: string; bytes: Buffer } | null;
  photos: Buffer | null;
  newCategories: string[];
};
const categoryList = z.array(z.string().max(64)).max(1000);

async function readForm(req: FastifyRequest): Promise<ImportForm> {
  if (!req.isMultipart()) throw new AppError(ERROR_CODES.unsupportedMediaType, IMPORT_MESSAGES.fileMissing);
  const form: ImportForm = { file: null, photos: null, newCategories: [] };
  const parts = req.parts({ limits: { fileSize: IMPORT_LIMITS.photosBytes, files: 2, fields: 3, parts: 5 } });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== IMPORT_FIELDS.newCategories) continue;
        let list: unknown;
        try {
          list = JSON.parse(String(part.value));
        } catch {
          throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.newCategoriesInvalid);
        }
        const parsed = categoryList.safeParse(list);
        if (!parsed.success) throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.newCategoriesInvalid);
        form.newCategories = parsed.data;
      } else if (part.fieldname === IMPORT_FIELDS.file) {
        const tooLarge = IMPORT_MESSAGES.fileTooLarge(IMPORT_LIMITS.sheetBytes / MB);
        form.file = {
          name: part.filename,
          mime: part.mimetype,
          bytes: await readPart(part, IMPORT_LIMITS.sheetBytes, tooLarge),
        };
      } else if (part.fieldname === IMPORT_FIELDS.photos) {
        if (!/\.zip$/i.test(part.filename) && !/zip/.test(part.mimetype))
          throw new AppError(ERROR_CODES.unsupportedMediaType, IMPORT_MESSAGES.photosType);
        const tooLarge = IMPORT_MESSAGES.photosUploadTooLarge(IMPORT_LIMITS.photosBytes / MB);
        form.photos = await readPart(part, IMPORT_LIMITS.photosBytes, tooLarge);
      } else {
        await readPart(part, 0, IMPORT_MESSAGES.fileMissing);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(ERROR_CODES.tooLarge, IMPORT_MESSAGES.fileTooBig);
    throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.fileMissing);
  }
  return form;
}

/** The catalogue out (GET files/products.xlsx, .csv) and in (POST products/import). */
export function productSheetRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.exportProductsXlsx, async (req, reply) =>
    sendFile(reply, XLSX_MIME, PRODUCT_EXPORT_FILES.xlsx, await productsXlsx(ctx, actorOf(req), req.query)),
  );
  route(app, endpoints.exportProductsCsv, async (req, reply) =>
    sendFile(reply, CSV_MIME, PRODUCT_EXPORT_FILES.csv, await productsCsv(ctx, actorOf(req), req.query)),
  );

  app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: IMPORT_LIMITS.photosBytes, files: 2 } });
    route(scoped, endpoints.importProducts, async (req) => {
      const form = await readForm(req);
      if (!form.file || form.file.bytes.length === 0)
        throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.fileMissing);
      const { name, mime, bytes } = form.file;
      const kind = isXlsx(name, mime) ? 'xlsx' : isCsv(name, mime) ? 'csv' : null;
      if (!kind) throw new AppError(ERROR_CODES.unsupportedMediaType, IMPORT_MESSAGES.fileType);
      return importProducts(ctx, actorOf(req), {
        table: await readSheet(bytes, kind),
        fileName: name,
        photosZip: form.photos,
        confirmedCategories: form.newCategories,
        dryRun: req.query.dryRun,
      });
    });
  });
}
