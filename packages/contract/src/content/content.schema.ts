import { z } from 'zod';
import { readOnlyFields, requiredText, uuid } from '../common/fields.ts';
import { MESSAGES } from '../messages.ts';
import { pagedSchema } from '../users/roles.schema.ts';

/**
 * Rich text as sent by the editor; the server sanitizes it on save. The length check
 * aborts, so a refinement after it never reads more than `max` characters.
 */
const richText = (max = 200_000) =>
  z.string({ error: MESSAGES.fieldInvalid }).max(max, { error: MESSAGES.bodyTooLarge, abort: true });
/** Tags (`<…>` without a `<` inside, so each character is read once), `&nbsp;` and white space. */
const NOT_VISIBLE = /<[^<>]*>|&nbsp;|\s/g;

const position = (required: string) =>
  z
    .number({ error: required })
    .int({ error: MESSAGES.positionInvalid })
    .min(0, { error: MESSAGES.positionInvalid })
    .max(9999, { error: MESSAGES.positionInvalid });

// Resources: the shop's texts
export const resourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.string(),
  description: z.string().nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;
export const resourcesResponseSchema = z.array(resourceSchema);
/** PUT resources/{id}/set-value: `value`, or the resource as GET returns it (the rest read-only). */
export const RESOURCE_READ_ONLY = ['id', 'name', 'description'] as const;
export const setResourceValueSchema = z.strictObject({
  ...readOnlyFields(resourceSchema.shape, RESOURCE_READ_ONLY),
  value: richText().refine((v) => v.replace(NOT_VISIBLE, '') !== '' || /<img\b/i.test(v), {
    error: MESSAGES.resourceValueRequired,
  }),
});
export type SetResourceValue = z.infer<typeof setResourceValueSchema>;

// Subcategories
export const subcategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  order: z.number().int(),
  type: z.string().nullable(),
  slug: z.string(),
  body: z.string(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;
export const subcategoriesResponseSchema = pagedSchema(subcategorySchema);
/** The subcategory's fields a PUT accepts back from the GET but does not change (the slug follows the title). */
export const SUBCATEGORY_READ_ONLY = ['id', 'type', 'slug'] as const;
export const subcategoryInputSchema = z.strictObject({
  ...readOnlyFields(subcategorySchema.shape, SUBCATEGORY_READ_ONLY),
  title: requiredText(MESSAGES.subcategoryTitleRequired, 128),
  order: position(MESSAGES.subcategoryOrderRequired),
  body: richText().default(''),
});
export type SubcategoryInput = z.input<typeof subcategoryInputSchema>;

// Shop pages
export const PAGE_TYPES = ['mainmenu', 'footer'] as const;
export type PageType = (typeof PAGE_TYPES)[number];
export const pageSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  position: z.number().int(),
  isFooterPage: z.boolean(),
});
export type Page = z.infer<typeof pageSchema>;
export const pagesResponseSchema = z.array(pageSchema);
/** The page's fields a PUT accepts back from the GET but does not change (the slug follows the title). */
export const PAGE_READ_ONLY = ['id', 'slug'] as const;
export const pageInputSchema = z.strictObject({
  ...readOnlyFields(pageSchema.shape, PAGE_READ_ONLY),
  title: requiredText(MESSAGES.pageTitleRequired, 128),
  body: richText().default(''),
  position: position(MESSAGES.positionInvalid),
  isFooterPage: z.boolean({ error: MESSAGES.fieldInvalid }),
});
export type PageInput = z.input<typeof pageInputSchema>;

// FAQs
export const faqQuestionSchema = z.object({ id: z.string(), question: z.string(), answer: z.string() });
export type FaqQuestion = z.infer<typeof faqQuestionSchema>;
export const faqSchema = z.object({ id: z.string(), name: z.string(), questions: z.array(faqQuestionSchema) });
export type Faq = z.infer<typeof faqSchema>;
export const faqQuestionInputSchema = z.strictObject({
  /** Absent, null or empty for a new pair. */
  id: z.union([uuid, z.literal(''), z.null()]).optional(),
  question: requiredText(MESSAGES.faqQuestionRequired, 500),
  answer: richText(20_000).refine((v) => v.replace(NOT_VISIBLE, '') !== '', {
    error: MESSAGES.faqAnswerRequired,
  }),
});
export const saveFaqQuestionsSchema = z.array(faqQuestionInputSchema).max(200);
export type FaqQuestionInput = z.input<typeof faqQuestionInputSchema>;
export const faqQuestionsResponseSchema = z.array(faqQuestionSchema);
export const faqIdQuerySchema = z.object({ id: uuid });
export const contentIdParamsSchema = z.object({ id: uuid });
