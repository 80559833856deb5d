import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { stopOnSignals } from './lib/shutdown.ts';
import { answerBackupRequests } from './ops/backup-files.ts';
import { demoLoginsText } from './seed/demo-data.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const started = Date.now();
const { app, ctx } = await buildApp({ config });
// `npm run backup` while this server runs on the embedded database: it asks us to write the dump.
if (ctx.database.dump) answerBackupRequests(ctx.database, config.dataDir, (message) => app.log.info(message));
stopOnSignals(app, config.shutdownTimeoutMs);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const database = ctx.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const web = config.webDistDir ? url : `${url} (web app not built: run npm run build)`;
console.log(`\nAteliermarkt draait op ${web}  ·  database: ${database}  ·  gestart in ${Date.now() - started} ms`);
if (config.demoData) console.log(`\n${demoLoginsText()}\n`);
