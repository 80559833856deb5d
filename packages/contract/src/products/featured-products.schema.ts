// The featured products (super admin) and their search, in a module of their own (docs/decisions/0098).
import { z } from 'zod';
import { readOnlyFields, uuid } from '../common/fields.ts';
import { MAX_FEATURED_PRODUCTS } from '../constants.ts';
import { imageSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';

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
