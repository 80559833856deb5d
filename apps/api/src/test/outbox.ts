import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Reads the mails the server wrote to DATA_DIR/outbox (used by the API and the browser tests). */

/** Decodes the quoted-printable text of an .eml file well enough to read its links and words. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export type OutboxMail = { file: string; to: string; subject: string; text: string };

export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const [head = '', ...rest] = raw.split('\n\n');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
    return { file, to: header('To'), subject: header('Subject'), text: decodeQuotedPrintable(rest.join('\n\n')) };
  });
}

export function linkIn(mail: OutboxMail): URL {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes('/resetPassword?'));
  if (!link) throw new Error(`no reset link in mail: ${mail.text}`);
  return new URL(link);
}
