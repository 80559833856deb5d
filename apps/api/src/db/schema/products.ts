import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { images } from './images.ts';
import { tenants } from './tenants.ts';

/** The five delivery methods (ids 1–5 fixed); reference data. */
export const deliveryMethods = pgTable('delivery_methods', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
});

/**
 * Categories of products: the main categories (reference data) and the custom ones typed in the wizard, shared by
 * all workshops and reused by title.
 */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  normalizedTitle: text('normalized_title').notNull().unique(),
  isMainCategory: boolean('is_main_category').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Readable and unique per workshop: the workshop's prefix and a sequence. */
    productNumber: text('product_number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    extraInformation: text('extra_information').notNull().default(''),
    material: text('material'),
    isUniqueEdition: boolean('is_unique_edition').notNull().default(true),
    /** Made to the customer's measure: exempt from the right of withdrawal (docs/storefront.md). */
    madeToMeasure: boolean('made_to_measure').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    weightGrams: integer('weight_grams'),
    lengthCm: numeric('length_cm', { precision: 10, scale: 2 }),
    widthCm: numeric('width_cm', { precision: 10, scale: 2 }),
    heightCm: numeric('height_cm', { precision: 10, scale: 2 }),
    /** Stock: always 1 for a unique product. */
    quantity: integer('quantity').notNull().default(1),
    productImageId: uuid('product_image_id').references(() => images.id, { onDelete: 'set null' }),
    authorName: text('author_name'),
    authorDescription: text('author_description'),
    authorImageId: uuid('author_image_id').references(() => images.id, { onDelete: 'set null' }),
    isPublished: boolean('is_published').notNull().default(false),
    isReserved: boolean('is_reserved').notNull().default(false),
    isSold: boolean('is_sold').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('products_tenant_number_uq').on(t.tenantId, t.productNumber),
    index('products_tenant_idx').on(t.tenantId, t.createdAt),
    // The dashboard's five most viewed products: the top of an index (docs/decisions/0062).
    index('products_view_count_idx').on(t.viewCount.desc()),
    index('products_tenant_view_count_idx').on(t.tenantId, t.viewCount.desc()),
    index('products_published_idx').on(t.isPublished).where(sql`${t.isPublished}`),
    // The shop's list, newest first: a page is read from the index instead of sorting every published product.
    index('products_shop_order_idx')
      .on(t.createdAt.desc().nullsFirst(), t.productNumber.desc().nullsFirst(), t.id)
      .where(sql`${t.isPublished}`),
    // Search as you type (POST products/search): ILIKE '%…%' through a trigram index (migration 0004 adds pg_trgm).
    // Without GIN's pending list (`fastupdate` off): rows written go into the index at once. With it, a bulk import
    // or the non-HOT updates since the last VACUUM wait in an unsorted list that the planner prices as a read of
    // every row, and it then scans every product instead (docs/decisions/0082).
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The overview's search matches the name or the number: with both trigram indexes the database reads the matches
    // (a BitmapOr of the two) instead of every product (docs/decisions/0078).
    index('products_number_trgm_idx').using('gin', t.productNumber.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageId] })],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId),
  ],
);

export const productDeliveryMethods = pgTable(
  'product_delivery_methods',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    deliveryMethodId: integer('delivery_method_id')
      .notNull()
      .references(() => deliveryMethods.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.deliveryMethodId] })],
);

/** The shop's featured products (at most 8), in order. */
export const featuredProducts = pgTable('featured_products', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The next product number of each workshop; a row per tenant, bumped in the transaction that creates a product. */
export const productSequences = pgTable('product_sequences', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Which visitors have already been counted for a product today (the shop's view counter counts a visitor once per
 * product per day). `visitor` is a hash of the day, the client address and user agent: no address is stored, and a
 * hash says nothing about another day. Only today's rows are needed; earlier days are deleted.
 */
export const productViews = pgTable(
  'product_views',
  {
    day: date('day').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.visitor] })],
);
