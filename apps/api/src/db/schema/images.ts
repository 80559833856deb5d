import { customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';
import { tenants } from './tenants.ts';

/**
 * An uploaded image, re-encoded into three variants kept in `image_variants` (docs/decisions/0008: any instance can
 * serve any image). Owned by the tenant that uploaded it (null: the host, i.e. the super admin's content).
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'jpeg' or 'png': the format of the stored variants. */
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_tenant_idx').on(t.tenantId)],
);

/** PostgreSQL's bytea as a Buffer: node-postgres gives a Buffer, PGlite a Uint8Array. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  toDriver: (value) => value,
});

/** The stored bytes of one variant ('original', 'medium', 'thumbnail') of an image; gone with the image. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    variant: text('variant', { enum: ['original', 'medium', 'thumbnail'] }).notNull(),
    /** Strong validator of the bytes (SHA-256, hex), sent as the ETag. */
    etag: text('etag').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.variant] })],
);

/** Sign-ups for the shop's newsletter (exported by the super admin). */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  normalizedEmail: text('normalized_email').notNull().unique(),
  name: text('name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
