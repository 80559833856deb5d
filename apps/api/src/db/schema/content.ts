import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Texts of the shop, edited by the super admin. `name` is the key the shop looks them up by. */
export const resources = pgTable('resources', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  value: text('value').notNull().default(''),
  description: text('description'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Content subcategories of the shop, with a unique slug made from the title. */
export const subcategories = pgTable('subcategories', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  order: integer('order').notNull(),
  type: text('type'),
  slug: text('slug').notNull().unique(),
  body: text('body').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Pages of the shop's main menu and footer. */
export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    body: text('body').notNull().default(''),
    position: integer('position').notNull().default(99),
    isFooterPage: boolean('is_footer_page').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pages_footer_position_idx').on(t.isFooterPage, t.position)],
);

/** The two FAQs (back-office and shop), with fixed ids from the contract (FAQ_IDS). */
export const faqs = pgTable('faqs', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
});

export const faqQuestions = pgTable(
  'faq_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    faqId: uuid('faq_id')
      .notNull()
      .references(() => faqs.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull().default(''),
    position: integer('position').notNull(),
  },
  (t) => [index('faq_questions_faq_idx').on(t.faqId, t.position)],
);
