/**
 * `npm run backup [FILE]`: one file with the whole database, also while the server runs (backup-files.ts).
 * Reads DATABASE_URL and DATA_DIR like the server.
 */
import path from 'node:path';
import { backup } from './backup-files.ts';

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const databaseUrl = process.env.DATABASE_URL || null;
const file = process.argv[2] ?? `ateliermarkt-backup-${stamp}.${databaseUrl ? 'pgdump' : 'tar.gz'}`;
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');

try {
  const kind = await backup({ databaseUrl, dataDir }, file);
  console.log(`Backup geschreven: ${path.resolve(file)} (${kind === 'postgres' ? 'pg_dump' : 'ingebouwde database'})`);
} catch (error) {
  console.error(`Backup mislukt: ${(error as Error).message}`);
  process.exit(1);
}
