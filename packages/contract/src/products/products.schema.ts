import { z } from 'zod';
import { optionalText, readOnlyFields, requiredText, uuid } from '../common/fields.ts';
import {
  AUTHOR_DESCRIPTION_MAX,
  BULK_MAX_IDS,
  DELIVERY_METHODS,
  MAX_FEATURED_PRODUCTS,
  MAX_PRODUCT_IMAGES,
  MIN_PRICE,
  PRODUCT_LIST_SIZE,
} from '../constants.ts';
import { imageRefSchema, imageSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';
import { parseDecimal } from '../money.ts';
import { pagedSchema } from '../users/roles.schema.ts';
import { isDeliveryCombinationAllowed, parseDimensions } from './product-rules.ts';

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

/** Featured products. */
export const featuredProductSchema = z.object({
  id: z.string(),
  productNumber: z.string(),
  name: z.string(),
  workspaceName: z.string(),
  price: z.number(),
  isPublished: z.boolean(),
  productImage: imageSchema.nullable(),
});
export type FeaturedProduct = z.infer<typeof featuredProductSchema>;
export const featuredProductsResponseSchema = z.array(featuredProductSchema);
/** What an entry of POST products/featured may carry back from the GET; none of it changes there. */
export const FEATURED_PRODUCT_READ_ONLY = [
  'productNumber',
  'name',
  'workspaceName',
  'price',
  'isPublished',
  'productImage',
] as const;
/** A featured product in POST products/featured: its id, or the entry as GET returned it (read-only). */
export const featuredProductRefSchema = z.union([
  uuid,
  z.strictObject({
    id: uuid,
    ...readOnlyFields(featuredProductSchema.shape, FEATURED_PRODUCT_READ_ONLY),
  }),
]);
export type FeaturedProductRef = z.output<typeof featuredProductRefSchema>;
export const featuredProductsRequestSchema = z.strictObject({
  featuredProducts: z
    .array(featuredProductRefSchema)
    .max(MAX_FEATURED_PRODUCTS, { error: MESSAGES.featuredMax(MAX_FEATURED_PRODUCTS) })
    .refine((refs) => new Set(refs.map(featuredIdOf)).size === refs.length, { error: MESSAGES.fieldInvalid }),
});
export function featuredIdOf(ref: FeaturedProductRef): string {
  return typeof ref === 'string' ? ref : ref.id;
}
export type FeaturedProductsRequest = z.infer<typeof featuredProductsRequestSchema>;

/** Featured product search result. */
export const productSearchRequestSchema = z.strictObject({ query: z.string().trim().max(100) });
export const productSearchResultSchema = z.object({ id: z.string(), name: z.string(), workspaceName: z.string() });
export type ProductSearchResult = z.infer<typeof productSearchResultSchema>;
export const productSearchResponseSchema = z.array(productSearchResultSchema);
export const PRODUCT_SEARCH_LIMIT = 10;

export const categoriesResponseSchema = z.array(categorySchema);

/** A decimal typed with comma or dot; empty is allowed (null), negative or unreadable is not. */
const optionalDecimalText = z.string().refine(
  (v) => {
    if (v.trim() === '') return true;
    const n = parseDecimal(v);
    return n !== null && n >= 0;
  },
  { error: MESSAGES.numberNotNegative },
);

/** The wizard's steps over the form's values; each is checked before the next step opens. */
export const productDetailsStepSchema = z.object({
  name: requiredText(MESSAGES.productNameRequired, 128),
  description: z.string().max(5000, { error: 'Maximaal 5000 tekens' }),
  extraInformation: z.string().max(5000, { error: 'Maximaal 5000 tekens' }),
  material: z.string().max(100, { error: 'Maximaal 100 tekens' }),
  isUniqueEdition: z.boolean(),
  madeToMeasure: z.boolean(),
  quantity: z.string(),
  categoryIds: z.array(z.string()).min(1, { error: MESSAGES.categoryRequired }),
  customCategories: z.array(z.string()),
});

export const productPriceStepSchema = z.object({
  price: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.priceRequired, abort: true })
    .refine((v) => parseDecimal(v) !== null, { error: MESSAGES.fieldInvalid, abort: true })
    .refine((v) => (parseDecimal(v) ?? 0) >= MIN_PRICE, { error: MESSAGES.priceTooLow }),
  weight: optionalDecimalText,
  length: optionalDecimalText,
  width: optionalDecimalText,
  height: optionalDecimalText,
  deliveryMethodIds: z
    .array(z.string())
    .min(1, { error: MESSAGES.deliveryMethodRequired, abort: true })
    .refine((ids) => isDeliveryCombinationAllowed(ids.map(Number)), {
      error: MESSAGES.deliveryMethodCombination,
    }),
});

export const productPhotosStepSchema = z.object({
  images: z.array(imageSchema).max(MAX_PRODUCT_IMAGES, { error: MESSAGES.tooManyProductImages(MAX_PRODUCT_IMAGES) }),
});

export const productMakerStepSchema = z.object({
  authorName: z.string().max(128, { error: 'Maximaal 128 tekens' }),
  authorDescription: z
    .string()
    .max(AUTHOR_DESCRIPTION_MAX, { error: MESSAGES.authorDescriptionTooLong(AUTHOR_DESCRIPTION_MAX) }),
  authorImage: imageSchema.nullable(),
});

export const PRODUCT_WIZARD_STEPS = [
  productDetailsStepSchema,
  productPriceStepSchema,
  productPhotosStepSchema,
  productMakerStepSchema,
] as const;

export type ProductFormValues = z.infer<typeof productDetailsStepSchema> &
  z.infer<typeof productPriceStepSchema> &
  z.infer<typeof productPhotosStepSchema> &
  z.infer<typeof productMakerStepSchema>;

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  description: '',
  extraInformation: '',
  material: '',
  isUniqueEdition: true,
  madeToMeasure: false,
  quantity: '1',
  categoryIds: [],
  customCategories: [],
  price: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  deliveryMethodIds: [],
  images: [],
  authorName: '',
  authorDescription: '',
  authorImage: null,
});

const decimalOrNull = (v: string) => (v.trim() === '' ? null : parseDecimal(v));
const numberText = (v: number | null) => (v == null ? '' : String(v).replace('.', ','));

/** The wizard's values as the body of POST/PUT products (the API's Product, references by id). */
export function productFormToInput(values: ProductFormValues): ProductInput {
  const weight = decimalOrNull(values.weight);
  const quantity = Number.parseInt(values.quantity, 10);
  return {
    name: values.name,
    description: values.description,
    extraInformation: values.extraInformation,
    material: values.material,
    isUniqueEdition: values.isUniqueEdition,
    madeToMeasure: values.madeToMeasure,
    quantity: values.isUniqueEdition || !Number.isFinite(quantity) || quantity < 1 ? 1 : quantity,
    categories: values.categoryIds.map((id) => ({ id })),
    customCategories: values.customCategories.map((title) => ({ title })),
    price: Math.round((parseDecimal(values.price) ?? 0) * 100) / 100,
    weight: weight == null ? null : Math.round(weight),
    length: decimalOrNull(values.length),
    width: decimalOrNull(values.width),
    height: decimalOrNull(values.height),
    deliveryMethods: values.deliveryMethodIds.map((id) => ({ id: Number(id) })),
    images: values.images,
    authorName: values.authorName,
    authorDescription: values.authorDescription,
    authorImage: values.authorImage,
  };
}

/** A saved product loaded into the wizard (edit). */
export function productToForm(p: Product): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    extraInformation: p.extraInformation,
    material: p.material ?? '',
    isUniqueEdition: p.isUniqueEdition,
    madeToMeasure: p.madeToMeasure,
    quantity: String(p.quantity),
    categoryIds: p.categories.map((c) => c.id),
    customCategories: p.customCategories.map((c) => c.title),
    price: p.price.toFixed(2).replace('.', ','),
    weight: numberText(p.weight),
    length: numberText(p.length),
    width: numberText(p.width),
    height: numberText(p.height),
    deliveryMethodIds: p.deliveryMethods.map((d) => String(d.id)),
    images: p.images,
    authorName: p.authorName ?? '',
    authorDescription: p.authorDescription ?? '',
    authorImage: p.authorImage,
  };
}
