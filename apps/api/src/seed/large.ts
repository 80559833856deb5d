/**
 * A large marketplace for benchmarks and scale tests: `npm run seed:large` adds, on top of the demo data,
 * 50 workshops, 10,000 products with photos, 50,000 reservations in every status and 500 users to the database the
 * server would use (PGlite in DATA_DIR, or DATABASE_URL). Rows go in as multi-row INSERTs in batches, all in one
 * transaction, so a failed run leaves nothing behind; a second run sees the first large workshop and does nothing.
 *
 * The data follows the reservation state machine (packages/contract/src/reservations): a unique product is held by
 * at most one reservation from "awaiting payment" on, is reserved while that one awaits payment and sold once it is
 * paid (until a return is received); shipped reservations use a shipping method, picked-up ones pick-up; each
 * reservation has the audit rows of the transitions that brought it to its status (the history the schema keeps).
 *
 * Options: --workshops=50 --products=10000 --reservations=50000 --users=500 (counts added on top of the demo).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  DELIVERY_METHOD_PICKUP,
  DELIVERY_METHODS,
  FEE_PERCENT,
  MATERIALS,
  normalizeCategoryTitle,
  PROVINCES,
  type Province,
  STATUS,
  TAX_PERCENT,
  TRANSITIONS,
  type WorkspaceLabel,
} from '@ateliermarkt/contract';
import { eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { loadConfig } from '../config.ts';
import { type Db, openDatabase, type Tx } from '../db/client.ts';
import {
  auditLog,
  categories,
  images,
  productCategories,
  productDeliveryMethods,
  productImages,
  productSequences,
  products,
  reservationProducts,
  reservations,
  roles,
  tenants,
  users,
  workspaces,
} from '../db/schema/index.ts';
import { hashPassword, sha256 } from '../lib/crypto.ts';
import { normalize } from '../modules/auth/index.ts';
import { encodeImage } from '../modules/images/image-files.ts';
import { insertImage } from '../modules/images/images.service.ts';
import { prefixFor } from '../modules/products/product-numbers.ts';
import { MAIN_CATEGORIES } from '../modules/products/product-reference-data.ts';
import { DEMO_PASSWORD, demoLoginsText } from './demo-data.ts';
import { transitionsTo } from './demo-history.ts';
import { seed } from './seed.ts';

export type LargeSizes = { workshops: number; products: number; reservations: number; users: number };
export const LARGE_SIZES: LargeSizes = { workshops: 50, products: 10_000, reservations: 50_000, users: 500 };

/** The slug of the first large workshop: its presence means the large data is there. */
export const LARGE_MARKER_SLUG = 'groot-atelier-01';
const PHOTO_BLOBS = 20;
const PHOTOS_PER_WORKSHOP = 4;

/** A small deterministic random generator (mulberry32), so two runs make the same marketplace. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

const CRAFTS = [
  ['Keramiekstudio', MATERIALS[0]],
  ['Glasblazerij', MATERIALS[1]],
  ['Weverij', MATERIALS[2]],
  ['Papierwerkplaats', MATERIALS[3]],
  ['Smederij', MATERIALS[4]],
  ['Houtwerkplaats', MATERIALS[5]],
  ['Steenhouwerij', MATERIALS[6]],
  ['Schilderatelier', MATERIALS[7]],
] as const;
const PLACES = [
  ['Amsterdam', 'Noord-Holland'],
  ['Rotterdam', 'Zuid-Holland'],
  ['Utrecht', 'Utrecht'],
  ['Groningen', 'Groningen'],
  ['Zwolle', 'Overijssel'],
  ['Middelburg', 'Zeeland'],
  ['Maastricht', 'Limburg'],
  ['Arnhem', 'Gelderland'],
  ['Leeuwarden', 'Friesland'],
  ['Assen', 'Drenthe'],
  ['Eindhoven', 'Noord-Brabant'],
  ['Lelystad', 'Flevoland'],
] as const;
const NOUNS = ['vaas', 'schaal', 'mok', 'bord', 'kom', 'kan', 'lamp', 'kussen', 'plaid', 'sjaal', 'ketting', 'ring'];
const MORE = ['karaf', 'kandelaar', 'doos', 'mand', 'spiegel', 'klok', 'beeld', 'prent', 'tas', 'muts', 'deken'];
const COLOURS = ['blauw', 'groen', 'rood', 'oker', 'zand', 'grijs', 'terracotta', 'zeegroen', 'mos', 'roest'];
const FIRST = ['Anna', 'Pieter', 'Sophie', 'Jeroen', 'Lotte', 'Mohammed', 'Emma', 'Daan', 'Fleur', 'Ruben', 'Noor'];
const LAST = ['de Jong', 'Bos', 'Mulder', 'van Dijk', 'Vermeulen', 'Ouali', 'Willems', 'Hendriks', 'Janssen', 'Smits'];
const STREETS = ['Lindengracht', 'Kerkstraat', 'Stationsweg', 'Markt', 'Breestraat', 'Oudestraat', 'Dorpsstraat'];

/** How many reservations of each status, out of 100 (closed ones dominate, as in a marketplace that has run a while). */
const STATUS_SHARES: [number, number][] = [
  [STATUS.new, 7],
  [STATUS.rejected, 12],
  [STATUS.awaitingPayment, 5],
  [STATUS.paid, 6],
  [STATUS.shipped, 38],
  [STATUS.pickedUp, 18],
  [STATUS.returning, 4],
  [STATUS.returnReceived, 10],
];

/** Multi-row INSERTs, as many rows per statement as PostgreSQL's 65,535 parameters allow (at most 2,000). */
async function insertBatched<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], took: Timings) {
  const started = performance.now();
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(2000, Math.floor(60_000 / columns)));
  for (let i = 0; i < rows.length; i += size) await tx.insert(table).values(rows.slice(i, i + size));
  took[getTableName(table)] = Math.round(performance.now() - started);
}
/** Milliseconds per step (the INSERTs per table, the photos, the statistics). */
type Timings = Record<string, number>;

/** Spreads `total` over `n` parts, the first ones larger (a few big workshops, many small ones), each at least `min`. */
function skewed(total: number, n: number, min: number): number[] {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** 0.7);
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(min, Math.floor((w / sum) * total)));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest !== 0; i = (i + 1) % n) {
    const part = parts[i] ?? 0;
    if (rest > 0) {
      parts[i] = part + 1;
      rest--;
    } else if (part > min) {
      parts[i] = part - 1;
      rest++;
    }
  }
  return parts;
}

function photoSvg(i: number): Buffer {
  const hue = (i * 37) % 360;
  const shapes = [
    `<path d="M230 90 q-60 120 -20 230 h180 q40 -110 -20 -230 z" fill="hsl(${hue},45%,45%)"/>`,
    `<ellipse cx="320" cy="250" rx="170" ry="70" fill="hsl(${hue},50%,40%)"/>`,
    `<rect x="210" y="120" width="220" height="200" rx="24" fill="hsl(${hue},40%,50%)"/>`,
    `<circle cx="320" cy="210" r="120" fill="hsl(${hue},55%,45%)"/>`,
  ];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="hsl(${hue},30%,92%)"/><rect y="360" width="640" height="120" fill="hsl(${hue},30%,70%)"/>${shapes[i % shapes.length]}</svg>`,
  );
}

/**
 * The photos of the large workshops: PHOTO_BLOBS JPEGs are generated and encoded once; each workshop gets its own
 * image rows (so its products and wizard see photos it owns), stored like an upload: the row and its three variants
 * in the database (docs/decisions/0008). Everything about image storage is in this one function.
 */
async function seedImages(tx: Tx, workshopIds: string[], rnd: Random, took: Timings): Promise<Map<string, string[]>> {
  const started = performance.now();
  const blobs = [];
  for (let i = 0; i < PHOTO_BLOBS; i++) {
    blobs.push(await encodeImage(await sharp(photoSvg(i)).jpeg({ quality: 80 }).toBuffer()));
  }
  const byWorkshop = new Map<string, string[]>();
  for (const workshopId of workshopIds) {
    const ids: string[] = [];
    for (let k = 0; k < PHOTOS_PER_WORKSHOP; k++) {
      const blob = blobs[rnd.int(PHOTO_BLOBS)];
      if (!blob) continue;
      ids.push(await insertImage(tx, { tenantId: workshopId, uploadedBy: null, encoded: blob }));
    }
    byWorkshop.set(workshopId, ids);
  }
  took.images = Math.round(performance.now() - started);
  return byWorkshop;
}

type ProductState = {
  id: string;
  tenantId: string;
  unique: boolean;
  published: boolean;
  priceCents: number;
  /** The reservation (its status) holding a unique product from "awaiting payment" on. */
  holder: number | null;
  /** Stock products: how many were sold, and whether a reservation awaiting payment has them. */
  soldQuantity: number;
  reservedByAwaiting: boolean;
  returned: boolean;
};

export type LargeLogin = { email: string; workshop: string; role: 'admin' | 'user'; products: number };
export type LargeResult = {
  created: boolean;
  seconds: number;
  /** Milliseconds per step. */
  took: Timings;
  counts: Record<string, number>;
  logins: LargeLogin[];
};

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = {
    workshops: tenants,
    users,
    products,
    images,
    productImages,
    reservations,
    reservationProducts,
    auditLog,
  } as const;
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Adds the large marketplace to a database that has the reference data (and usually the demo); see the top. */
export async function seedLarge(
  db: Db,
  options: { dataDir: string; sizes?: Partial<LargeSizes>; seed?: number },
): Promise<LargeResult> {
  const started = Date.now();
  const sizes = { ...LARGE_SIZES, ...options.sizes };
  const [marker] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, LARGE_MARKER_SLUG));
  if (marker) {
    return { created: false, seconds: 0, took: {}, counts: await tableCounts(db), logins: await largeLogins(db, 5) };
  }
  const rnd = random(options.seed ?? 2026);
  const took: Timings = {};
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleRows = await db.select().from(roles);
  const roleIdOf = (name: string) => {
    const row = roleRows.find((r) => r.name === name);
    if (!row) throw new Error(`role ${name} missing: reference data not seeded`);
    return row.id;
  };
  const mainCategories = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.normalizedTitle, MAIN_CATEGORIES.map(normalizeCategoryTitle)));
  const now = Date.now();
  const day = 86_400_000;

  await db.transaction(async (tx) => {
    // Workshops, with a profile each; most published.
    const shops = Array.from({ length: sizes.workshops }, (_, i) => {
      const [craft, material] = CRAFTS[i % CRAFTS.length] ?? CRAFTS[0];
      const [city, province] = PLACES[(i * 5) % PLACES.length] ?? PLACES[0];
      const number = String(i + 1).padStart(2, '0');
      return {
        id: crypto.randomUUID(),
        name: `${craft} ${city} ${number}`,
        slug: `groot-atelier-${number}`,
        material,
        city,
        province: (PROVINCES as readonly string[]).includes(province) ? (province as Province) : null,
        createdAt: new Date(now - (800 + i) * day),
      };
    });
    await insertBatched(
      tx,
      tenants,
      shops.map((s) => ({ id: s.id, name: s.name, slug: s.slug, createdAt: s.createdAt })),
      took,
    );
    await insertBatched(
      tx,
      workspaces,
      shops.map((s, i) => ({
        tenantId: s.id,
        name: s.name,
        description: `<p>${s.name}: handgemaakt werk uit ${s.city}.</p>`,
        street: rnd.pick(STREETS),
        streetNumber: String(1 + rnd.int(200)),
        zipCode: `${1000 + rnd.int(8999)} AB`,
        city: s.city,
        province: s.province,
        email: `beheer@${s.slug}.nl`,
        openingTimes: 'Dinsdag t/m zaterdag 10:00 – 17:00',
        label: (i % 5) as WorkspaceLabel,
        isPublished: i % 10 !== 9,
        isFeatured: i < 3,
        createdAt: s.createdAt,
        updatedAt: s.createdAt,
      })),
      took,
    );

    // Users: every workshop has its admin beheer@<slug>.nl; the rest are spread like the products, a fifth admins.
    const userCounts = skewed(sizes.users, sizes.workshops, 1);
    const usersOf = new Map<string, string[]>();
    const userRows: (typeof users.$inferInsert)[] = [];
    for (const [i, s] of shops.entries()) {
      const ids: string[] = [];
      for (let k = 0; k < (userCounts[i] ?? 1); k++) {
        const id = crypto.randomUUID();
        const name = rnd.pick(FIRST);
        const surname = rnd.pick(LAST);
        const email = k === 0 ? `beheer@${s.slug}.nl` : k === 1 ? `medewerker@${s.slug}.nl` : `maker${k}@${s.slug}.nl`;
        userRows.push({
          id,
          tenantId: s.id,
          userName: email,
          normalizedUserName: normalize(email),
          email,
          normalizedEmail: normalize(email),
          name,
          surname,
          roleId: roleIdOf(k === 0 || k % 5 === 0 ? 'admin' : 'user'),
          passwordHash,
          createdAt: s.createdAt,
          updatedAt: s.createdAt,
        });
        ids.push(id);
      }
      usersOf.set(s.id, ids);
    }
    await insertBatched(tx, users, userRows, took);

    const photos = await seedImages(
      tx,
      shops.map((s) => s.id),
      rnd,
      took,
    );

    // Products, with categories, delivery methods and photos; the flags are set after the reservations below.
    const productCounts = skewed(sizes.products, sizes.workshops, 1);
    const states: ProductState[] = [];
    const productRows: (typeof products.$inferInsert)[] = [];
    const categoryRows: (typeof productCategories.$inferInsert)[] = [];
    const methodRows: (typeof productDeliveryMethods.$inferInsert)[] = [];
    const photoRows: (typeof productImages.$inferInsert)[] = [];
    const sequenceRows: (typeof productSequences.$inferInsert)[] = [];
    for (const [i, s] of shops.entries()) {
      const n = productCounts[i] ?? 0;
      const prefix = prefixFor(s.name);
      const own = photos.get(s.id) ?? [];
      const makers = usersOf.get(s.id) ?? [];
      for (let k = 0; k < n; k++) {
        const id = crypto.randomUUID();
        const unique = rnd.next() < 0.4;
        const published = rnd.next() < 0.85;
        const priceCents = 500 + rnd.int(40_000);
        const createdAt = new Date(s.createdAt.getTime() + rnd.int(780) * day + rnd.int(day));
        const name = `${rnd.pick(rnd.next() < 0.5 ? NOUNS : MORE)} ${rnd.pick(COLOURS)} ${k + 1}`;
        const photoIds = [rnd.pick(own), rnd.pick(own)].slice(0, 1 + rnd.int(2));
        const uniquePhotos = [...new Set(photoIds)];
        productRows.push({
          id,
          tenantId: s.id,
          productNumber: `${prefix}-${String(k + 1).padStart(4, '0')}`,
          name: name.charAt(0).toUpperCase() + name.slice(1),
          description: `${name}: met de hand gemaakt in ${s.city}. Elk stuk is net een beetje anders.`,
          material: s.material,
          isUniqueEdition: unique,
          priceCents,
          weightGrams: 100 + rnd.int(3000),
          lengthCm: String(5 + rnd.int(60)),
          widthCm: String(5 + rnd.int(40)),
          heightCm: String(2 + rnd.int(50)),
          quantity: unique ? 1 : 2 + rnd.int(8),
          productImageId: uniquePhotos[0] ?? null,
          isPublished: published,
          viewCount: rnd.int(500),
          creatorId: makers.length ? rnd.pick(makers) : null,
          createdAt,
          updatedAt: createdAt,
        });
        const cats = [...new Set([rnd.pick(mainCategories), rnd.pick(mainCategories)].filter(Boolean))];
        for (const c of cats) if (c) categoryRows.push({ productId: id, categoryId: c.id });
        const shipping = 2 + rnd.int(4);
        for (const deliveryMethodId of rnd.next() < 0.5 ? [DELIVERY_METHOD_PICKUP, shipping] : [shipping])
          methodRows.push({ productId: id, deliveryMethodId });
        for (const [position, imageId] of uniquePhotos.entries()) photoRows.push({ productId: id, imageId, position });
        states.push({
          id,
          tenantId: s.id,
          unique,
          published,
          priceCents,
          holder: null,
          soldQuantity: 0,
          reservedByAwaiting: false,
          returned: false,
        });
      }
      sequenceRows.push({ tenantId: s.id, prefix, lastNumber: n });
    }

    // Reservations, spread like the products; each picks 1–3 published products of its workshop that it may hold.
    const reservationCounts = skewed(sizes.reservations, sizes.workshops, 0);
    const statusBag = STATUS_SHARES.flatMap(([status, share]) => Array<number>(share).fill(status));
    const prices = new Map<number, number>(DELIVERY_METHODS.map((m) => [m.id, m.priceCents]));
    const reservationRows: (typeof reservations.$inferInsert)[] = [];
    const lineRows: (typeof reservationProducts.$inferInsert)[] = [];
    const auditRows: (typeof auditLog.$inferInsert)[] = [];
    const holds = (status: number) => status >= STATUS.awaitingPayment && status <= STATUS.returning;
    let offset = 0;
    for (const [i, s] of shops.entries()) {
      const mine = states.slice(offset, offset + (productCounts[i] ?? 0)).filter((p) => p.published);
      offset += productCounts[i] ?? 0;
      const admin = usersOf.get(s.id)?.[0] ?? null;
      if (mine.length === 0) continue;
      for (let k = 0; k < (reservationCounts[i] ?? 0); k++) {
        let status = rnd.pick(statusBag);
        // A product can be ordered while it is free, or (a new reservation, paused) while another awaits payment.
        const mayTake = (p: ProductState) =>
          !p.unique ||
          (holds(status) ? p.holder === null : status === STATUS.new ? p.holder === null || p.holder === 2 : true);
        const wanted = 1 + (rnd.next() < 0.3 ? 1 : 0) + (rnd.next() < 0.1 ? 1 : 0);
        const lines = new Map<string, ProductState>();
        for (let tries = 0; lines.size < wanted && tries < wanted * 6; tries++) {
          const p = rnd.pick(mine);
          if (mayTake(p)) lines.set(p.id, p);
        }
        if (lines.size === 0) {
          // Nothing free left for this status: the workshop turned the reservation down.
          status = STATUS.rejected;
          const p = rnd.pick(mine);
          lines.set(p.id, p);
        }
        const pickup = status === STATUS.pickedUp || (status !== STATUS.shipped && rnd.next() < 0.3);
        const method = pickup ? DELIVERY_METHOD_PICKUP : 2 + rnd.int(4);
        const open = status === STATUS.new || status === STATUS.awaitingPayment || status === STATUS.paid;
        const createdAt = new Date(
          open ? now - rnd.int(30 * day) : Math.max(s.createdAt.getTime(), now - rnd.int(720 * day) - 30 * day),
        );
        const id = crypto.randomUUID();
        const name = `${rnd.pick(FIRST)} ${rnd.pick(LAST)}`;
        const paid = status >= STATUS.paid ? new Date(createdAt.getTime() + 2 * day) : null;
        const completed =
          status >= STATUS.shipped && status !== STATUS.rejected ? new Date(createdAt.getTime() + 5 * day) : null;
        reservationRows.push({
          id,
          tenantId: s.id,
          orderNumber: sql`'AM-' || nextval('reservation_order_number_seq')` as unknown as string,
          status,
          deliveryMethodId: method,
          deliveryQuantity: 1,
          deliveryPriceCents: prices.get(method) ?? 0,
          name,
          street: rnd.pick(STREETS),
          streetNumber: String(1 + rnd.int(300)),
          zipCode: `${1000 + rnd.int(8999)} ${rnd.pick(['AB', 'CD', 'KL', 'XZ'])}`,
          city: rnd.pick(PLACES)[0],
          email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${k}@example.nl`,
          favoriteColor: rnd.next() < 0.1 ? rnd.pick(COLOURS) : null,
          personalMessage: rnd.next() < 0.1 ? 'Graag als cadeau inpakken.' : null,
          trackAndTrace:
            !pickup && status >= STATUS.shipped && status !== STATUS.rejected ? `3SATM${1e9 + rnd.int(8e9)}` : null,
          paymentTokenHash: status === STATUS.awaitingPayment ? sha256(crypto.randomUUID()) : null,
          paidAt: paid,
          completedAt: completed,
          // The 'returned' entry below: the fifth step, a day apart.
          returnReceivedAt: status === STATUS.returnReceived ? new Date(createdAt.getTime() + 5 * day) : null,
          createdAt,
          updatedAt: completed ?? paid ?? createdAt,
        });
        for (const p of lines.values()) {
          const quantity = p.unique ? 1 : 1 + (rnd.next() < 0.2 ? 1 : 0);
          lineRows.push({
            reservationId: id,
            productId: p.id,
            quantity,
            priceCents: p.priceCents,
            taxPercent: TAX_PERCENT,
            feePercent: FEE_PERCENT,
          });
          if (p.unique && holds(status)) p.holder = status;
          if (p.unique && status === STATUS.returnReceived) p.returned = true;
          if (!p.unique && status === STATUS.awaitingPayment) p.reservedByAwaiting = true;
          if (!p.unique && status >= STATUS.paid && status <= STATUS.returning) p.soldQuantity += quantity;
        }
        let from: number = STATUS.new;
        for (const [step, transition] of transitionsTo(status, pickup).entries()) {
          const to = TRANSITIONS[transition].to;
          auditRows.push({
            at: new Date(createdAt.getTime() + (step + 1) * day),
            actorUserId: transition === 'paid' ? null : admin,
            tenantId: s.id,
            action: `reservation.${transition}`,
            entityType: 'reservation',
            entityId: id,
            data: { from, to, source: transition === 'paid' ? 'payment' : 'back-office' },
          });
          from = to;
        }
      }
    }

    // Product flags that match the reservations: reserved while awaiting payment, sold once paid.
    const byId = new Map(states.map((p) => [p.id, p]));
    for (const row of productRows) {
      const p = row.id ? byId.get(row.id) : undefined;
      if (!p) continue;
      if (p.unique) {
        row.isReserved = p.holder === STATUS.awaitingPayment;
        row.isSold = p.holder !== null && p.holder >= STATUS.paid;
        row.quantity = row.isSold ? 0 : 1;
      } else {
        // Stock: most stock products had enough for their sales (what is left is the row's quantity), one in ten
        // started with what it had and is sold out when the sales used it up.
        const left = rnd.next() < 0.9 ? (row.quantity ?? 1) : Math.max(0, (row.quantity ?? 1) - p.soldQuantity);
        row.quantity = left;
        row.isSold = left === 0;
        row.isReserved = p.reservedByAwaiting && left > 0;
      }
    }
    await insertBatched(tx, products, productRows, took);
    // Statistics before the link rows: their foreign-key checks are planned from them, and without them (a table
    // that looks empty) each check scans the whole parent table. ANALYZE sees this transaction's own rows.
    await tx.execute(sql`analyze products`);
    await insertBatched(tx, productSequences, sequenceRows, took);
    await insertBatched(tx, productCategories, categoryRows, took);
    await insertBatched(tx, productDeliveryMethods, methodRows, took);
    await insertBatched(tx, productImages, photoRows, took);
    await insertBatched(tx, reservations, reservationRows, took);
    await tx.execute(sql`analyze reservations`);
    await insertBatched(tx, reservationProducts, lineRows, took);
    await insertBatched(tx, auditLog, auditRows, took);
  });
  // Fresh planner statistics after a bulk load (PGlite has no autovacuum to gather them).
  const analyzing = performance.now();
  await db.execute(sql`analyze`);
  took.analyze = Math.round(performance.now() - analyzing);
  return {
    created: true,
    seconds: (Date.now() - started) / 1000,
    took,
    counts: await tableCounts(db),
    logins: await largeLogins(db, 5),
  };
}

/** The log-ins of the largest large workshops (by products): their admin and a plain user. */
export async function largeLogins(db: Db, workshops: number): Promise<LargeLogin[]> {
  const rows = await db
    .select({
      email: users.email,
      workshop: tenants.name,
      role: roles.name,
      products: sql<number>`(select count(*)::int from ${products} where ${products.tenantId} = ${tenants.id})`,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      sql`${tenants.slug} like 'groot-atelier-%' and (${users.email} like 'beheer@%' or ${users.email} like 'medewerker@%')`,
    );
  return rows
    .map((r) => ({ ...r, role: r.role === 'admin' ? ('admin' as const) : ('user' as const) }))
    .sort((a, b) => b.products - a.products || a.role.localeCompare(b.role))
    .slice(0, workshops * 2);
}

export function largeLoginsText(logins: LargeLogin[]): string {
  const lines = logins.map(
    (l) =>
      `  ${l.role === 'admin' ? 'Atelierbeheerder' : 'Gebruiker       '}    ${l.email}  (atelier: ${l.workshop}, ${l.products} producten)`,
  );
  return `Grote ateliers (wachtwoord: ${DEMO_PASSWORD}):\n${lines.join('\n')}`;
}

function sizesFromArgs(argv: string[]): Partial<LargeSizes> {
  const sizes: Partial<LargeSizes> = {};
  for (const arg of argv) {
    const match = /^--(workshops|products|reservations|users)=(\d+)$/.exec(arg);
    if (match) sizes[match[1] as keyof LargeSizes] = Number(match[2]);
    else throw new Error(`onbekende optie ${arg} (--workshops= --products= --reservations= --users=)`);
  }
  return sizes;
}

async function main() {
  const config = loadConfig();
  const sizes = sizesFromArgs(process.argv.slice(2));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  try {
    const log = { info: () => {}, warn: console.warn, error: console.error } as unknown as Parameters<typeof seed>[2];
    // The demo marketplace first (its log-ins keep working), then the large one on top.
    await seed(database.db, { ...config, demoData: true }, log);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    console.log(`seed:large op ${where}…`);
    const result = await seedLarge(database.db, { dataDir: config.dataDir, sizes });
    console.log(
      result.created
        ? `Grote dataset aangemaakt in ${result.seconds.toFixed(1)} s.`
        : 'De grote dataset stond er al; niets toegevoegd.',
    );
    if (result.created)
      console.log(
        `Tijd per stap (ms): ${Object.entries(result.took)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
      );
    console.log(
      `Aantallen: ${Object.entries(result.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    console.log(`\n${demoLoginsText()}\n\n${largeLoginsText(result.logins)}\n`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
