import { z } from 'zod';
import { emailField, optionalText, uuid } from '../common/fields.ts';
import { imageSchema } from '../images/images.schema.ts';
import { categorySchema, deliveryMethodSchema } from '../products/products.schema.ts';
import { pagedSchema } from '../users/roles.schema.ts';
import { holidaySchema } from '../workshops/holiday.ts';
import { workshopSchema } from '../workshops/workshops.schema.ts';

/**
 * The web shop's public read API (`/api/shop/*`). Only what a visitor may see: nothing unpublished, no creditor or
 * debtor numbers, no IBAN, no e-mail addresses or phone numbers, no user or customer data. Tests list every field.
 * A workshop, and each product of it, carries its holiday while that is current or upcoming (null otherwise), so
 * the shop can announce it before orders are refused (docs/decisions/0038).
 */
export const shopWorkshopSchema = workshopSchema
  .pick({
    id: true,
    name: true,
    description: true,
    street: true,
    streetNumber: true,
    zipCode: true,
    city: true,
    province: true,
    openingTimes: true,
    label: true,
    isFeatured: true,
    mainImage: true,
    teamImage: true,
    holiday: true,
  })
  .extend({ slug: z.string() });
export type ShopWorkshop = z.infer<typeof shopWorkshopSchema>;
export const shopWorkshopsResponseSchema = z.array(shopWorkshopSchema);

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

export const newsletterSignupSchema = z.strictObject({ email: emailField, name: optionalText(128) });
export type NewsletterSignup = z.input<typeof newsletterSignupSchema>;
export const shopSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const SHOP_PRODUCTS_PAGE_SIZE = 24;
export const SHOP_PRODUCTS_PAGE_SIZE_MAX = 100;

/** GET shop/products: a page of the published products, optionally of one category or workshop, or by name. */
export const shopProductsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SHOP_PRODUCTS_PAGE_SIZE_MAX).default(SHOP_PRODUCTS_PAGE_SIZE),
  category: uuid.optional(),
  workspace: z.string().trim().min(1).max(200).optional(),
  q: optionalText(128),
});
export type ShopProductsQuery = z.output<typeof shopProductsQuerySchema>;

/** A product as the shop lists it; money in euros. No creator, tenant, view count or stock details. */
export const shopProductItemSchema = z.object({
  id: z.string(),
  productNumber: z.string(),
  name: z.string(),
  price: z.number(),
  isUniqueEdition: z.boolean(),
  isSold: z.boolean(),
  isReserved: z.boolean(),
  image: imageSchema.nullable(),
  workspace: z.object({ name: z.string(), slug: z.string(), holiday: holidaySchema.nullable() }),
  categories: z.array(categorySchema),
});
export type ShopProductItem = z.infer<typeof shopProductItemSchema>;
export const shopProductsResponseSchema = pagedSchema(shopProductItemSchema);
export const shopFeaturedProductsResponseSchema = z.array(shopProductItemSchema);

/** A product's page in the shop (weight in grams, format `l x b x h` in cm); reading it counts a view. */
export const shopProductSchema = shopProductItemSchema.extend({
  description: z.string(),
  extraInformation: z.string(),
  material: z.string().nullable(),
  format: z.string().nullable(),
  weight: z.number().nullable(),
  deliveryMethods: z.array(deliveryMethodSchema),
  images: z.array(imageSchema),
  author: z.object({ name: z.string().nullable(), description: z.string().nullable(), image: imageSchema.nullable() }),
  /** How many can still be ordered: the stock less what approved reservations hold; 0 or 1 if unique. */
  available: z.number().int(),
  /** Made to the customer's measure: no right of withdrawal. */
  madeToMeasure: z.boolean(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** The main categories, and the custom ones that have at least one product in the shop. */
export const shopCategoriesResponseSchema = z.array(categorySchema);
