/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the built web app, so the server
 * sends them as they are (@fastify/static's `preCompressed`, docs/decisions/0021-delivery.md) instead of
 * compressing on every request or not at all. Run after `vite build` (part of `npm run build`). A copy that would not
 * be smaller is not written; the server then sends the plain file. The dot-folder `.vite` (the manifest) is skipped:
 * the server does not serve it.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const ENCODINGS = [
  { extension: '.br', compress: (data: Buffer) => brotli(data, { params: brotliParams(data) }) },
  { extension: '.gz', compress: (data: Buffer) => gz(data, { level: 9 }) },
] as const;

function brotliParams(data: Buffer) {
  return {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
  };
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}

/** Compresses every text file under `dir`; returns how many copies were written. */
export async function precompress(dir: string): Promise<number> {
  let written = 0;
  await Promise.all(
    (await textFiles(dir)).map(async (file) => {
      const data = await readFile(file);
      for (const { extension, compress } of ENCODINGS) {
        const packed = await compress(data);
        if (packed.length >= data.length) continue;
        await writeFile(`${file}${extension}`, packed);
        written += 1;
      }
    }),
  );
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const started = Date.now();
  const written = await precompress(distDir);
  console.log(`Pre-compressed: ${written} brotli and gzip copies in dist/ (${Date.now() - started} ms)`);
}
