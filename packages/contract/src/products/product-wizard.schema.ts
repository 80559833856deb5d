// The product wizard's forms: its steps' schemas and the conversion to and from the API's product, in a module of
// their own so that the screens that only read products do not build them (docs/decisions/0098).
import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { AUTHOR_DESCRIPTION_MAX, MAX_PRODUCT_IMAGES, MIN_PRICE } from '../constants.ts';
import { imageSchema } from '../images/images.schema.ts';
import { MESSAGES } from '../messages.ts';
import { parseDecimal } from '../money.ts';
import type { ProductInput } from './product-input.schema.ts';
import { isDeliveryCombinationAllowed } from './product-rules.ts';
import type { Product } from './products.schema.ts';

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
