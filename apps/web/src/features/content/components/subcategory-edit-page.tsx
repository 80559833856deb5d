import { Anchor, Paper, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubcategory } from '../api/subcategories.ts';
import { SubcategoryForm } from './subcategory-form.tsx';

/** The edit page of one subcategory (the same form as the add dialog). */
export function SubcategoryEditPage() {
  const { subcategoryId = '' } = useParams();
  const navigate = useNavigate();
  const query = useSubcategory(subcategoryId);
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))
    return <NotFoundPage />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return <PageLoader />;
  return (
    <Stack maw={960}>
      <Anchor component={Link} to="/subcategories" size="sm">
        ← Terug naar de subcategorieën
      </Anchor>
      <PageHeader title={`${query.data.title} wijzigen`} description={`Adres in de webshop: /${query.data.slug}`} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <SubcategoryForm
          subcategory={query.data}
          onSaved={() => navigate('/subcategories')}
          onCancel={() => navigate('/subcategories')}
        />
      </Paper>
    </Stack>
  );
}
