import { PROVINCES, VAT_REGIMES, type WorkspaceLabel } from '@ateliermarkt/contract';
import { boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { images } from './images.ts';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The workshop profile of a tenant (Workspace). One per tenant. */
export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  street: text('street'),
  streetNumber: text('street_number'),
  zipCode: text('zip_code'),
  city: text('city'),
  province: text('province', { enum: PROVINCES }),
  email: text('email'),
  phone: text('phone'),
  openingTimes: text('opening_times'),
  creditorNumber: text('creditor_number'),
  debtorNumber: text('debtor_number'),
  mainImageId: uuid('main_image_id').references(() => images.id, { onDelete: 'set null' }),
  teamImageId: uuid('team_image_id').references(() => images.id, { onDelete: 'set null' }),
  label: integer('label').$type<WorkspaceLabel>().notNull().default(0),
  isFeatured: boolean('is_featured').notNull().default(false),
  isPublished: boolean('is_published').notNull().default(false),
  /** Holiday mode: from and to, whole days inclusive (Europe/Amsterdam), and the shop's message. */
  holidayFrom: date('holiday_from'),
  holidayTo: date('holiday_to'),
  holidayMessage: text('holiday_message'),
  /** Where the workshop's payouts go: compact IBAN in capitals (the contract's `normalizeIban`). */
  iban: text('iban'),
  ibanHolder: text('iban_holder'),
  /** When the IBAN or holder last changed (set, changed or removed); the payouts preview shows a recent change. */
  ibanChangedAt: timestamp('iban_changed_at', { withTimezone: true }),
  /** The workshop's organisation at Mollie once connected (Mollie Connect): routes go there. */
  mollieOrganizationId: text('mollie_organization_id'),
  /** The legal profile: what the platform's fee invoices name of the workshop. */
  legalName: text('legal_name'),
  /** 8 digits; the branch (vestigingsnummer) 12 digits. */
  kvkNumber: text('kvk_number'),
  kvkBranchNumber: text('kvk_branch_number'),
  /** Compact, capitals (`NL004495445B01`). */
  vatId: text('vat_id'),
  /** `kor`: the small-business scheme, no BTW on its sales (new reservation lines carry 0 %). */
  vatRegime: text('vat_regime', { enum: VAT_REGIMES }).notNull().default('standard'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
