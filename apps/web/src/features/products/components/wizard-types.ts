import type { ProductFormValues } from '@ateliermarkt/contract';
import type { UseFormReturnType } from '@mantine/form';

export type ProductForm = UseFormReturnType<ProductFormValues>;
export type StepProps = { form: ProductForm };
