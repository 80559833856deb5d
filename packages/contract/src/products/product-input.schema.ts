// POST products and PUT products/{id}: what the wizard and the API's clients send, in a module of its own so that
// the screens that only read products do not build it (docs/decisions/0098).
import { z } from 'zod';
import { optionalText, readOnlyFields, requiredText, uuid } from '../common/fields.ts';
import { AUTHOR_DESCRIPTION_MAX, DELIVERY_METHODS, MAX_PRODUCT_IMAGES, MIN_PRICE } from '../constants.ts';
import { imageRefSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';
import { isDeliveryCombinationAllowed, parseDimensions } from './product-rules.ts';
import { productSchema } from './products.schema.ts';

const nonNegative = z
  .number({ error: MESSAGES.numberNotNegative })
  .min(0, { error: MESSAGES.numberNotNegative })
  .max(1_000_000, { error: MESSAGES.fieldInvalid })
  .nullish()
  .transform((v) => v ?? null);
/** A size in cm: absent (undefined) is kept apart from null, so the server knows whether `format` replaces it. */
const size = z
  .number({ error: MESSAGES.numberNotNegative })
  .min(0, { error: MESSAGES.numberNotNegative })
  .max(1_000_000, { error: MESSAGES.fieldInvalid })
  .nullish();

/** What PUT products/{id} accepts back from the GET but nobody changes through it (403 when changed). */
export const PRODUCT_READ_ONLY = [
  'id',
  'tenantId',
  'workspaceName',
  'productNumber',
  'productImage',
  'isPublished',
  'isReserved',
  'isSold',
  'isAvailable',
  'viewCount',
  'creatorId',
  'creatorFullName',
] as const;

/** A main category as GET returns it, or just its id; a title sent with it must be the category's own. */
export const categoryRefSchema = z.strictObject({
  id: uuid,
  title: z.string().optional(),
  isMainCategory: z.boolean().optional(),
});
/** A custom category: by title (created when new); an id sent with it must be that title's. */
export const customCategoryRefSchema = z.strictObject({
  id: uuid.optional(),
  title: requiredText(MESSAGES.fieldRequired, 64),
  isMainCategory: z.boolean().optional(),
});
/** A delivery method as GET returns it, or just its id; name and price are the platform's and cannot change here. */
export const deliveryMethodRefSchema = z.strictObject({
  id: z.number().int().min(1).max(DELIVERY_METHODS.length),
  name: z.string().optional(),
  price: z.number().optional(),
});

/**
 * POST products and PUT products/{id}: the API's Product, as GET returns it, with every product rule.
 * The references (`categories`, `deliveryMethods`, `images`, `authorImage`) may be whole objects or just `{ id }`;
 * `customCategories` are found or created by title. The sizes come as `length`/`width`/`height` or as `format`
 * ('30 x 20 x 10'); the server takes the one that changed and refuses the two when they disagree.
 * `images` and `authorImage` are required keys (empty list, null), so a client that leaves them out is told so
 * instead of losing the photos. The first image is the product image.
 */
export const productInputSchema = z.strictObject({
  ...readOnlyFields(productSchema.shape, PRODUCT_READ_ONLY),
  name: requiredText(MESSAGES.productNameRequired, 128),
  description: optionalText(5000).transform((v) => v ?? ''),
  extraInformation: optionalText(5000).transform((v) => v ?? ''),
  material: optionalText(100),
  isUniqueEdition: z.boolean().default(true),
  madeToMeasure: z.boolean().default(false),
  quantity: z.number().int().min(1, { error: MESSAGES.fieldInvalid }).max(10_000).default(1),
  categories: z
    .array(categoryRefSchema, { error: MESSAGES.categoryRequired })
    .min(1, { error: MESSAGES.categoryRequired })
    .max(20),
  customCategories: z.array(customCategoryRefSchema).max(20).default([]),
  price: z
    .number({ error: MESSAGES.priceRequired })
    .min(MIN_PRICE, { error: MESSAGES.priceTooLow })
    .max(1_000_000, { error: MESSAGES.fieldInvalid })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: MESSAGES.fieldInvalid }),
  weight: nonNegative,
  length: size,
  width: size,
  height: size,
  format: z
    .string({ error: MESSAGES.formatInvalid })
    .max(100, { error: MESSAGES.formatInvalid, abort: true })
    .refine((v) => v.trim() === '' || parseDimensions(v) !== null, { error: MESSAGES.formatInvalid })
    .nullish(),
  deliveryMethods: z
    .array(deliveryMethodRefSchema, { error: MESSAGES.deliveryMethodRequired })
    .min(1, { error: MESSAGES.deliveryMethodRequired, abort: true })
    .refine((methods) => isDeliveryCombinationAllowed(methods.map((m) => m.id)), {
      error: MESSAGES.deliveryMethodCombination,
    }),
  images: z
    .array(imageRefSchema, { error: MESSAGES.fieldRequired })
    .max(MAX_PRODUCT_IMAGES, { error: MESSAGES.tooManyProductImages(MAX_PRODUCT_IMAGES) }),
  authorName: optionalText(128),
  authorDescription: z
    .string()
    .trim()
    .max(AUTHOR_DESCRIPTION_MAX, { error: MESSAGES.authorDescriptionTooLong(AUTHOR_DESCRIPTION_MAX) })
    .nullish()
    .transform((v) => (v ? v : null)),
  authorImage: imageRefSchema.nullable(),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;
