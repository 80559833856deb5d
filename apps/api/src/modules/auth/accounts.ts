import { ROLE_ADMIN, type RoleName } from '@ateliermarkt/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { normalize } from './user-queries.ts';

export type NewAccount = {
  tenantId: string | null;
  userName: string;
  email: string;
  name: string;
  surname: string;
  phoneNumber?: string | null;
  role: RoleName;
  password: string | null;
};

export async function roleId(db: DbOrTx, name: RoleName): Promise<string> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) throw new Error(`role ${name} is missing: reference data not seeded`);
  return row.id;
}

/** A person's own details as their users row has them: the e-mail also normalized (log-in and uniqueness use it). */
export const personalDetails = (person: {
  name: string;
  surname: string;
  email: string;
  phoneNumber: string | null;
}) => ({
  name: person.name,
  surname: person.surname,
  email: person.email,
  normalizedEmail: normalize(person.email),
  phoneNumber: person.phoneNumber,
});

export async function createAccount(db: DbOrTx, account: NewAccount) {
  const [row] = await db
    .insert(users)
    .values({
      tenantId: account.tenantId,
      userName: account.userName,
      normalizedUserName: normalize(account.userName),
      ...personalDetails({ ...account, phoneNumber: account.phoneNumber ?? null }),
      roleId: await roleId(db, account.role),
      passwordHash: account.password ? await hashPassword(account.password) : null,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function hasSuperAdmin(db: DbOrTx): Promise<boolean> {
  const adminRole = await roleId(db, ROLE_ADMIN);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.tenantId), eq(users.roleId, adminRole)))
    .limit(1);
  return Boolean(row);
}
