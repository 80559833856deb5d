import { z } from 'zod';
import { uuid } from '../common/fields.ts';
import { BULK_MAX_IDS, PRODUCT_LIST_SIZE } from '../constants.ts';
import { imageSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';
import { pagedSchema } from '../users/roles.schema.ts';

/** Category (main or custom). */
export const categorySchema = z.object({ id: z.string(), title: z.string(), isMainCategory: z.boolean() });
export type Category = z.infer<typeof categorySchema>;

/** Delivery method; price in euros. */
export const deliveryMethodSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number() });
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;
export const deliveryMethodsResponseSchema = pagedSchema(deliveryMethodSchema);

/** Product, as the admin detail and the wizard read it. Money in euros, weight in grams, sizes in cm. */
export const productSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  workspaceName: z.string(),
  productNumber: z.string(),
  name: z.string(),
  description: z.string(),
  extraInformation: z.string(),
  material: z.string().nullable(),
  isUniqueEdition: z.boolean(),
  /** Made to the customer's measure: no right of withdrawal. */
  madeToMeasure: z.boolean(),
  categories: z.array(categorySchema),
  customCategories: z.array(categorySchema),
  price: z.number(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  format: z.string().nullable(),
  quantity: z.number().int(),
  deliveryMethods: z.array(deliveryMethodSchema),
  images: z.array(imageSchema),
  productImage: imageSchema.nullable(),
  authorName: z.string().nullable(),
  authorDescription: z.string().nullable(),
  authorImage: imageSchema.nullable(),
  isPublished: z.boolean(),
  isReserved: z.boolean(),
  isSold: z.boolean(),
  isAvailable: z.boolean(),
  viewCount: z.number().int(),
  creatorId: z.string().nullable(),
  creatorFullName: z.string().nullable(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * An item of GET products (the product overview): the API's whole Product, as the detail gives it, so a
 * client written for the original API can show and edit a product from the list.
 */
export type ProductListItem = Product;
export const productListResponseSchema = pagedSchema(productSchema);
export type ProductPage = z.infer<typeof productListResponseSchema>;

/** The overview's columns that sort on the server; `state` orders available, reserved, sold. */
export const PRODUCT_SORT_FIELDS = [
  'productNumber',
  'name',
  'viewCount',
  'creatorFullName',
  'price',
  'isPublished',
  'state',
] as const;
export type ProductSortField = (typeof PRODUCT_SORT_FIELDS)[number];
export type ProductSorting = { field: ProductSortField; direction: 'asc' | 'desc' };
/** The one state a row of the overview shows: sold, reserved (waiting for payment somewhere) or available. */
export const PRODUCT_AVAILABILITIES = ['available', 'reserved', 'sold'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITIES)[number];
export const productAvailabilityOf = (p: Pick<ProductListItem, 'isSold' | 'isReserved'>): ProductAvailability =>
  p.isSold ? 'sold' : p.isReserved ? 'reserved' : 'available';
export const PRODUCT_SEARCH_MAX = 100;

const productSortingPattern = new RegExp(`^(${PRODUCT_SORT_FIELDS.join('|')})(?: (asc|desc))?$`, 'i');
const invalid = { error: MESSAGES.fieldInvalid };

/**
 * GET products. The original call (`maxResultCount=999`, or nothing) answers the newest products as before, with
 * `totalCount` the number returned. With any of skipCount, search, published, availability, categoryId or sorting
 * it is one page of the overview: filtered, searched (name and code) and sorted on the server, with
 * `totalCount` every match. Unknown parameters are refused (400 naming them).
 */
export const productListQuerySchema = z.strictObject({
  maxResultCount: z.coerce
    .number(invalid)
    .int(invalid)
    .min(1, invalid)
    .max(PRODUCT_LIST_SIZE, invalid)
    .default(PRODUCT_LIST_SIZE),
  skipCount: z.coerce.number(invalid).int(invalid).min(0, invalid).optional(),
  /** Part of the name or the code, any case; blank is no search. */
  search: z
    .string()
    .max(PRODUCT_SEARCH_MAX, invalid)
    .transform((v) => v.trim() || undefined)
    .optional(),
  published: z
    .enum(['true', 'false'], invalid)
    .transform((v) => v === 'true')
    .optional(),
  availability: z.enum(PRODUCT_AVAILABILITIES, invalid).optional(),
  /** A main or an own category: the products that carry it. */
  categoryId: z.uuid(invalid).optional(),
  /** ABP's "field direction", e.g. `price desc`; without a direction ascending. */
  sorting: z
    .string()
    .max(64, { ...invalid, abort: true })
    .regex(productSortingPattern, invalid)
    .transform((value): ProductSorting => {
      const [field, direction] = value.split(' ');
      const known = PRODUCT_SORT_FIELDS.find((f) => f.toLowerCase() === field?.toLowerCase()) ?? 'productNumber';
      return { field: known, direction: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
    })
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;
/** The query as the server reads it (booleans and sorting parsed). */
export type ProductListRequest = z.output<typeof productListQuerySchema>;

export const productIdParamsSchema = z.object({ id: uuid });
export const productPublishStatusSchema = z.strictObject({ id: uuid, isPublished: z.boolean() });
export type ProductPublishStatus = z.infer<typeof productPublishStatusSchema>;

/** Publish, unpublish or delete the chosen products at once, each by the rules of the single action. */
export const PRODUCT_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];
export const productBulkRequestSchema = z.strictObject({
  action: z.enum(PRODUCT_BULK_ACTIONS, { error: MESSAGES.fieldInvalid }),
  ids: z
    .array(uuid, { error: MESSAGES.fieldInvalid })
    .min(1, { error: MESSAGES.bulkNoneChosen })
    .max(BULK_MAX_IDS, { error: MESSAGES.bulkTooMany(BULK_MAX_IDS) }),
});
export type ProductBulkRequest = z.infer<typeof productBulkRequestSchema>;
/** What happened to each id: done, or the Dutch reason the single action would have given. */
export const productBulkResponseSchema = z.object({
  succeeded: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type ProductBulkResponse = z.infer<typeof productBulkResponseSchema>;

export const categoriesResponseSchema = z.array(categorySchema);
