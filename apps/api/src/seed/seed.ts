import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAccount, hasSuperAdmin } from '../modules/auth/index.ts';
import { seedDemoData } from './demo-data.ts';
import { ensureReferenceData } from './reference-data.ts';

/** Runs at every start: reference data, the ADMIN_EMAIL bootstrap, and demo data on an empty database. */
export async function seed(db: Db, config: Config, log: Logger) {
  await ensureReferenceData(db);
  if (config.adminEmail && config.adminPassword && !(await hasSuperAdmin(db))) {
    await createAccount(db, {
      tenantId: null,
      userName: config.adminEmail,
      email: config.adminEmail,
      name: 'Beheerder',
      surname: '',
      role: 'admin',
      password: config.adminPassword,
    });
    log.info({ email: config.adminEmail }, 'super admin created from ADMIN_EMAIL');
  }
  const demo = config.demoData ? await seedDemoData(db, log) : false;
  return { demoCreated: demo };
}
