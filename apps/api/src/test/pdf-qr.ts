import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * The text of the QR code on a PDF's first page, read as a phone camera would: the page rendered to pixels by
 * pdftoppm (poppler-utils), decoded by jsQR. For the pick-up slip's tests (API and browser).
 */
export async function qrCodeOfPdf(pdf: Uint8Array): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-qr-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '200', '-f', '1', '-l', '1', 'doc.pdf', 'page'], { cwd: dir });
    const page = readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'));
    if (!page) throw new Error('pdftoppm made no page');
    const { data, info } = await sharp(path.join(dir, page)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    if (!code) throw new Error('no QR code on the first page');
    return code.data;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
