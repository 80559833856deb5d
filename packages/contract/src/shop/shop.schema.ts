import { z } from 'zod';
import { emailField, optionalText } from '../common/fields.ts';
import { imageSchema } from '../images/images.schema.ts';

/**
 * The web shop's public read API (`/api/shop/*`). Only what a visitor may see: nothing unpublished, no creditor or
 * debtor numbers, no e-mail addresses or phone numbers, no user or customer data. Tests list every field.
 */
export const shopWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  zipCode: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  openingTimes: z.string().nullable(),
  label: z.number().int(),
  isFeatured: z.boolean(),
  mainImage: imageSchema.nullable(),
  teamImage: imageSchema.nullable(),
});
export type ShopWorkspace = z.infer<typeof shopWorkspaceSchema>;
export const shopWorkspacesResponseSchema = z.array(shopWorkspaceSchema);

export const shopPageLinkSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  position: z.number().int(),
});
export const shopPagesResponseSchema = z.object({
  mainMenu: z.array(shopPageLinkSchema),
  footer: z.array(shopPageLinkSchema),
});
export const shopPageSchema = shopPageLinkSchema.extend({ body: z.string(), isFooterPage: z.boolean() });

export const shopResourceSchema = z.object({ name: z.string(), value: z.string() });
export const shopResourcesResponseSchema = z.array(shopResourceSchema);

export const shopSubcategorySchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  order: z.number().int(),
  body: z.string(),
});
export const shopSubcategoriesResponseSchema = z.array(shopSubcategorySchema);

export const shopFaqSchema = z.object({
  name: z.string(),
  questions: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
});

export const newsletterSignupSchema = z.object({ email: emailField, name: optionalText(128) });
export type NewsletterSignup = z.input<typeof newsletterSignupSchema>;
export const shopSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
