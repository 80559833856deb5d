import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findActorRow, findUserInTenant } from '../modules/auth/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isAnyOf, preparedSelect, rawSelect, selectRows } from './raw-select.ts';
import {
  images,
  products,
  reservationProducts,
  reservations,
  roles,
  tenants,
  users,
  workspaces,
} from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('rawSelect: the same rows as Drizzle, without its result mapping', () => {
  it('a whole table, inner and left joins, SQL expressions with and without mapWith, timestamps, nulls', async () => {
    const { db, database } = t.ctx;
    const image = alias(images, 'product_image');
    const fields = {
      r: reservations,
      workspaceName: tenants.name,
      shownName: sql<string>`coalesce(${workspaces.name}, ${tenants.name})`,
      lines:
        sql`(select count(*) from ${reservationProducts} where ${reservationProducts.reservationId} = ${reservations.id})`.mapWith(
          Number,
        ),
      firstProduct: sql<string | null>`(select min(${products.name}) from ${products} where false)`,
      imageId: image.id,
    };
    const build = () =>
      db
        .select(fields)
        .from(reservations)
        .innerJoin(tenants, eq(tenants.id, reservations.tenantId))
        .leftJoin(workspaces, eq(workspaces.tenantId, reservations.tenantId))
        .leftJoin(image, sql`false`)
        .orderBy(desc(reservations.createdAt), asc(reservations.orderNumber));
    const viaDrizzle = await build();
    const raw = await rawSelect(database, fields, build());
    expect(viaDrizzle.length).toBeGreaterThan(5);
    expect(raw).toEqual(viaDrizzle);
    expect(raw[0]?.r.createdAt).toBeInstanceOf(Date);
    expect(typeof raw[0]?.lines).toBe('number');
    expect(raw.some((row) => row.r.paidAt === null)).toBe(true);
  });

  it('users with their role and tenant (the profile read), and no rows at all', async () => {
    const { db, database } = t.ctx;
    const fields = { user: users, roleName: roles.name, workshopName: tenants.name, published: workspaces.isPublished };
    const build = (where = sql`true`) =>
      db
        .select(fields)
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .leftJoin(tenants, eq(tenants.id, users.tenantId))
        .leftJoin(workspaces, eq(workspaces.tenantId, users.tenantId))
        .where(where)
        .orderBy(asc(users.userName));
    const all = await rawSelect(database, fields, build());
    expect(all).toEqual(await build());
    expect(all.some((row) => row.workshopName === null)).toBe(true);
    expect(await rawSelect(database, fields, build(sql`false`))).toEqual([]);
  });

  it('selectRows runs inside a transaction through Drizzle, so the transaction sees its own writes', async () => {
    const { db } = t.ctx;
    const fields = { id: reservations.id, name: reservations.name };
    const [first] = await db.select(fields).from(reservations).limit(1);
    if (!first) throw new Error('no demo reservation');
    let inside: { id: string; name: string }[] = [];
    const ended = await db
      .transaction(async (tx) => {
        await tx.update(reservations).set({ name: 'Binnen de transactie' }).where(eq(reservations.id, first.id));
        inside = await selectRows(
          tx,
          fields,
          tx
            .select(fields)
            .from(reservations)
            .where(isAnyOf(reservations.id, [first.id])),
        );
        tx.rollback();
      })
      .catch((error: unknown) => error);
    expect(ended).toBeInstanceOf(Error);
    expect(inside).toEqual([{ id: first.id, name: 'Binnen de transactie' }]);
    const [after] = await selectRows(
      t.ctx.database,
      fields,
      db.select(fields).from(reservations).where(eq(reservations.id, first.id)),
    );
    expect(after?.name).toBe(first.name);
  });

  it('preparedSelect: the profile read, built once, gives what the dynamic read gives, and respects the tenant', async () => {
    const { database, db } = t.ctx;
    const everyone = await db.select({ id: users.id, tenantId: users.tenantId }).from(users);
    expect(everyone.some((u) => u.tenantId === null)).toBe(true);
    for (const u of everyone) {
      const [prepared] = await findActorRow(database, { userId: u.id, tenantId: u.tenantId });
      expect(prepared).toEqual(await findUserInTenant(db, u.tenantId, eq(users.id, u.id)));
      const otherWorkshop = u.tenantId ? null : (everyone.find((x) => x.tenantId)?.tenantId ?? null);
      expect(await findActorRow(database, { userId: u.id, tenantId: otherWorkshop })).toEqual([]);
    }
  });

  it('preparedSelect with keepPlan: runs under one name per statement text, with the rows of the unnamed run', async () => {
    const { database } = t.ctx;
    const fields = { id: reservations.id, name: reservations.name };
    const build = (qb: Parameters<Parameters<typeof preparedSelect>[1]>[0]) =>
      qb
        .select(fields)
        .from(reservations)
        .where(eq(reservations.id, sql.placeholder('id')));
    const kept = preparedSelect(fields, build, { keepPlan: true });
    const plain = preparedSelect(fields, build);
    const other = preparedSelect(fields, (qb) => build(qb).limit(1), { keepPlan: true });
    const names: (string | undefined)[] = [];
    const spy = {
      kind: database.kind,
      arrays: (text: string, params: unknown[], name?: string) => {
        names.push(name);
        return database.arrays(text, params, name);
      },
    };
    const ids = (await t.ctx.db.select({ id: reservations.id }).from(reservations).limit(8)).map((r) => r.id);
    // More runs than the server's five before it may keep one plan for a named statement.
    for (const id of ids) {
      const [row] = await kept(spy, { id });
      expect(row?.id).toBe(id);
      expect(await kept(spy, { id })).toEqual(await plain(spy, { id }));
      expect(await other(spy, { id })).toEqual([row]);
    }
    if (database.kind === 'pglite') {
      // PGlite has no statements kept per connection: every run goes as one JSON document, unnamed.
      expect(names.every((n) => n === undefined)).toBe(true);
      return;
    }
    const [keptName, , plainName, otherName] = names;
    expect(keptName).toMatch(/^am_/);
    expect(plainName).toBeUndefined();
    expect(otherName).toMatch(/^am_/);
    expect(otherName).not.toBe(keptName);
    expect(new Set(names.filter((_, i) => i % 4 !== 2)).size).toBe(2);
  });

  it("preparedSelect with keepPlan 'generic': named and run with the generic plan, with the rows of the unnamed run", async () => {
    const { database } = t.ctx;
    const fields = { id: reservations.id, name: reservations.name };
    const build = (qb: Parameters<Parameters<typeof preparedSelect>[1]>[0]) =>
      qb
        .select(fields)
        .from(reservations)
        .where(isAnyOf(reservations.id, sql.placeholder('ids')));
    const generic = preparedSelect(fields, build, { keepPlan: 'generic' });
    const plain = preparedSelect(fields, build);
    const asked: { name: string | undefined; plan: string | undefined }[] = [];
    const spy = {
      kind: database.kind,
      arrays: (text: string, params: unknown[], name?: string, plan?: 'generic') => {
        asked.push({ name, plan });
        return database.arrays(text, params, name, plan);
      },
    };
    const ids = (await t.ctx.db.select({ id: reservations.id }).from(reservations).limit(8)).map((r) => r.id);
    for (let n = 0; n <= ids.length; n++) {
      const some = ids.slice(0, n);
      const sorted = (rows: { id: string }[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
      expect(sorted(await generic(spy, { ids: some }))).toEqual(sorted(await plain(spy, { ids: some })));
    }
    const [first, second] = asked;
    if (database.kind === 'pglite') expect(first).toEqual({ name: undefined, plan: undefined });
    else expect(first).toEqual({ name: expect.stringMatching(/^am_/), plan: 'generic' });
    expect(second).toEqual({ name: undefined, plan: undefined });
  });

  it('texts come back unchanged through the JSON form: quotes, backslashes, line breaks, emoji, BOM, RTL marks', async () => {
    const { db, database } = t.ctx;
    const fields = { id: reservations.id, name: reservations.name, city: reservations.city };
    const rows = await db.select(fields).from(reservations).limit(3);
    const tricky = ['"aan" \\ \'hal\'', 'regel 1\nregel 2\r\n\t', '🏺 Ç\u00e9 \ufeff\u200f\u2028 </script>'];
    for (const [i, row] of rows.entries())
      await db
        .update(reservations)
        .set({ name: tricky[i] as string, city: `${tricky[i]}!` })
        .where(eq(reservations.id, row.id));
    const ids = rows.map((r) => r.id);
    const build = () =>
      db.select(fields).from(reservations).where(isAnyOf(reservations.id, ids)).orderBy(asc(reservations.id));
    const raw = await rawSelect(database, fields, build());
    expect(raw).toEqual(await build());
    expect(raw.map((r) => r.name).sort()).toEqual([...tricky].sort());
  });

  it('refuses a column whose JSON form is not what Drizzle returns (numeric), instead of changing its type', async () => {
    const { db, database } = t.ctx;
    const fields = { id: products.id, lengthCm: products.lengthCm };
    await expect(rawSelect(database, fields, db.select(fields).from(products))).rejects.toThrow(/PgNumeric/);
  });

  it('isAnyOf: one array parameter, whatever the number of ids', async () => {
    const { db, database } = t.ctx;
    const ids = (await db.select({ id: reservations.id }).from(reservations)).map((r) => r.id);
    const many = [...ids, ...Array.from({ length: 70_000 }, () => crypto.randomUUID())];
    const fields = { id: reservations.id };
    const query = db.select(fields).from(reservations).where(isAnyOf(reservations.id, many));
    expect(query.toSQL().params).toHaveLength(1);
    const rows = await rawSelect(database, fields, query);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });
});
