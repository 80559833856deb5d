import { Stack } from '@mantine/core';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useWorkshop } from '../api/get-workshop.ts';
import { WorkshopForm } from './workshop-form.tsx';
import { WorkshopMollie } from './workshop-mollie.tsx';

export type WorkshopEditProps = { workshop: { id: string } | { tenantId: string }; isSuperAdmin: boolean };

/** The workshop edit form at /workspace/{id}/edit (super admin) and /workspace (the workshop admin's own workshop). */
export function WorkshopEdit({ workshop, isSuperAdmin }: WorkshopEditProps) {
  const query = useWorkshop(workshop);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;
  const w = query.data;
  return (
    <Stack maw={960} gap={0}>
      <PageHeader
        title={isSuperAdmin ? `${w.name} wijzigen` : 'Mijn atelier'}
        description="De gegevens en foto’s die bezoekers van de webshop over dit atelier zien."
      />
      <WorkshopForm
        key={w.id}
        workspace={w}
        isSuperAdmin={isSuperAdmin}
        afterSave={`/workspace/${w.id}`}
        afterCancel={isSuperAdmin ? `/workspace/${w.id}` : '/'}
      />
      <WorkshopMollie workspaceId={w.id} isSuperAdmin={isSuperAdmin} />
    </Stack>
  );
}
