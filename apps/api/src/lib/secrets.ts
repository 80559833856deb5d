import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';

export type SecretName = 'jwt-secret' | 'payment-webhook-secret';

const generate = () => randomBytes(48).toString('base64url');

/** One generated once into DATA_DIR/secrets, so a restart keeps sessions valid (the single-process set-up). */
function fromFile(dataDir: string, name: SecretName): string {
  const secretsDir = path.join(dataDir, 'secrets');
  const target = path.join(secretsDir, name);
  if (existsSync(target)) return readFileSync(target, 'utf8').trim();
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  const secret = generate();
  writeFileSync(target, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * One generated once into the shared database: the first instance's insert wins, every instance reads the winner
 * (docs/decisions/0008). Setting the variable in the environment is the better practice; this keeps a cluster
 * without it working instead of each instance signing with its own key.
 */
async function fromDatabase(database: Database, name: SecretName): Promise<string> {
  await database.db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await database.db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} was not stored`);
  return row.value;
}

/** The configured secret; otherwise the generated one: in the database on PostgreSQL, in DATA_DIR on PGlite. */
export function resolveSecret(
  configured: string | null,
  name: SecretName,
  database: Database,
  dataDir: string,
): Promise<string> {
  if (configured) return Promise.resolve(configured);
  return database.kind === 'postgres' ? fromDatabase(database, name) : Promise.resolve(fromFile(dataDir, name));
}
