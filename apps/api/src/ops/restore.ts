/**
 * `npm run restore FILE`: loads a backup into an empty DATA_DIR (embedded database) or, with DATABASE_URL, into an
 * empty PostgreSQL database (backup-files.ts). Refuses a database that already has data.
 */
import path from 'node:path';
import { restore } from './backup-files.ts';

const file = process.argv[2];
if (!file) {
  console.error('Gebruik: npm run restore <backupbestand>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || null;
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');

try {
  await restore({ databaseUrl, dataDir }, file);
  console.log(`Backup teruggezet in ${databaseUrl ? 'de database van DATABASE_URL' : dataDir}. Start de server.`);
} catch (error) {
  console.error(`Terugzetten mislukt: ${(error as Error).message}`);
  process.exit(1);
}
