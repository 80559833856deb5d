import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { answerBackupRequests } from './ops/backup-files.ts';
import { demoLoginsText } from './seed/demo-data.ts';

const config = loadConfig();
const started = Date.now();
const { app, ctx } = await buildApp({ config });
// `npm run backup` while this server runs on the embedded database: it asks us to write the dump.
if (ctx.database.dump) answerBackupRequests(ctx.database, config.dataDir, (message) => app.log.info(message));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const database = ctx.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
const web = config.webDistDir ? url : `${url} (web app not built: run npm run build)`;
console.log(`\nAteliermarkt draait op ${web}  ·  database: ${database}  ·  gestart in ${Date.now() - started} ms`);
if (config.demoData) console.log(`\n${demoLoginsText()}\n`);
