import type { Product } from '@ateliermarkt/contract';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { IconPencil } from '../../../components/icons.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProduct } from '../api/get-product.ts';

/** The product of the address's `:id` for a product page: 'not found' when it is not the caller's, a loader till then. */
export function RouteProduct({ children }: { children: (product: Product) => ReactNode }) {
  const { id = '' } = useParams();
  const product = useProduct(id);
  if (product.error instanceof ApiError && product.error.status === 404) return <NotFoundPage />;
  if (!product.data) return <PageLoader />;
  return children(product.data);
}

/** 'Wijzigen' on a product page: to the product's wizard. */
export function EditProductButton({ product }: { product: Pick<Product, 'id'> }) {
  return (
    <Button component={Link} to={`/product/edit/${product.id}`} leftSection={<IconPencil />}>
      Wijzigen
    </Button>
  );
}
