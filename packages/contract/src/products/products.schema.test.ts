import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { featuredProductsRequestSchema } from './featured-products.schema.ts';
import { productInputSchema } from './product-input.schema.ts';
import {
  emptyProductForm,
  productDetailsStepSchema,
  productFormToInput,
  productMakerStepSchema,
  productPhotosStepSchema,
  productPriceStepSchema,
} from './product-wizard.schema.ts';

const CAT = '00000000-0000-4000-8000-000000000001';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

const image = (n: number) => ({ id: `img-${n}`, fileOriginal: 'o', fileMedium: 'm', thumbnail: 't' });

describe('wizard step 1: details', () => {
  it('needs a name and at least one main category', () => {
    const form = emptyProductForm();
    const r = productDetailsStepSchema.safeParse(form);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain(MESSAGES.productNameRequired);
    expect(messages).toContain(MESSAGES.categoryRequired);
    expect(productDetailsStepSchema.safeParse({ ...form, name: 'Vaas', categoryIds: [CAT] }).success).toBe(true);
  });
});

describe('wizard step 2: price and shipping', () => {
  const valid = { ...emptyProductForm(), price: '12,35', deliveryMethodIds: ['1', '3'] };
  it('accepts comma or dot and a price of at least 10', () => {
    expect(productPriceStepSchema.safeParse(valid).success).toBe(true);
    expect(productPriceStepSchema.safeParse({ ...valid, price: '10.00' }).success).toBe(true);
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, price: '' }))).toBe(MESSAGES.priceRequired);
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, price: '9,99' }))).toBe(MESSAGES.priceTooLow);
  });
  it('applies the delivery-method rule', () => {
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, deliveryMethodIds: [] }))).toBe(
      MESSAGES.deliveryMethodRequired,
    );
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, deliveryMethodIds: ['2', '3'] }))).toBe(
      MESSAGES.deliveryMethodCombination,
    );
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, deliveryMethodIds: ['1', '2', '3'] }))).toBe(
      MESSAGES.deliveryMethodCombination,
    );
  });
  it('refuses negative weight and dimensions, allows empty ones', () => {
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, weight: '-1' }))).toBe(MESSAGES.numberNotNegative);
    expect(firstMessage(productPriceStepSchema.safeParse({ ...valid, height: 'abc' }))).toBe(
      MESSAGES.numberNotNegative,
    );
    expect(productPriceStepSchema.safeParse({ ...valid, weight: '0', length: '12,5' }).success).toBe(true);
  });
});

describe('wizard steps 3 and 4', () => {
  it('allows at most 8 photos', () => {
    const eight = Array.from({ length: 8 }, (_, i) => image(i));
    expect(productPhotosStepSchema.safeParse({ images: eight }).success).toBe(true);
    expect(firstMessage(productPhotosStepSchema.safeParse({ images: [...eight, image(9)] }))).toBe(
      MESSAGES.tooManyProductImages(8),
    );
  });
  it('limits the author description to 150 characters', () => {
    const base = { authorName: '', authorImage: null };
    expect(productMakerStepSchema.safeParse({ ...base, authorDescription: 'a'.repeat(150) }).success).toBe(true);
    expect(firstMessage(productMakerStepSchema.safeParse({ ...base, authorDescription: 'a'.repeat(151) }))).toBe(
      MESSAGES.authorDescriptionTooLong(150),
    );
  });
});

describe('form to request body', () => {
  it('parses the comma price, rounds grams and leaves empty sizes null', () => {
    const input = productFormToInput({
      ...emptyProductForm(),
      name: 'Schaal',
      categoryIds: [CAT],
      price: '1.234,50',
      weight: '850,4',
      length: '20',
      deliveryMethodIds: ['3'],
      images: [image(1), image(2)],
    });
    expect(input).toMatchObject({
      price: 1234.5,
      weight: 850,
      length: 20,
      width: null,
      categories: [{ id: CAT }],
      deliveryMethods: [{ id: 3 }],
      images: [image(1), image(2)],
      authorImage: null,
    });
    expect(productInputSchema.safeParse({ ...input, images: [] }).success).toBe(true);
  });
  it('server schema refuses a price of 9,99 and more than 8 featured products', () => {
    const r = productInputSchema.safeParse({
      name: 'x',
      categories: [{ id: CAT }],
      price: 9.99,
      deliveryMethods: [{ id: 1 }],
      images: [],
      authorImage: null,
    });
    expect(firstMessage(r)).toBe(MESSAGES.priceTooLow);
    const nine = Array.from({ length: 9 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    expect(firstMessage(featuredProductsRequestSchema.safeParse({ featuredProducts: nine }))).toBe(
      MESSAGES.featuredMax(8),
    );
  });
});

describe("the API's Product as a request body", () => {
  const body = {
    name: 'x',
    categories: [{ id: CAT }],
    price: 10,
    deliveryMethods: [{ id: 1 }],
    images: [],
    authorImage: null,
  };
  it('names a key it does not know instead of dropping it', () => {
    const r = productInputSchema.safeParse({ ...body, categoryIds: [CAT] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['categoryIds'] });
  });
  it('requires the photo keys, so leaving them out never deletes photos', () => {
    const { images: _i, authorImage: _a, ...rest } = body;
    const r = productInputSchema.safeParse(rest);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['authorImage', 'images']);
  });
  it('reads the format text and refuses one that is not three sizes', () => {
    expect(productInputSchema.safeParse({ ...body, format: '30 x 20,5 x 10' }).success).toBe(true);
    expect(firstMessage(productInputSchema.safeParse({ ...body, format: '30 bij 20' }))).toBe(MESSAGES.formatInvalid);
  });
});
