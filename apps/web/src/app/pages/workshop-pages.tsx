/**
 * The workshop screens get the caller's role and tenant here, where features meet: the workspaces
 * feature does not read the profile itself.
 */
import { roleKindOf } from '@ateliermarkt/contract';
import { useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useMyProfile } from '../../features/users/api/get-my-profile.ts';
import { WorkshopDetail } from '../../features/workshops/components/workshop-detail.tsx';
import { WorkshopEdit } from '../../features/workshops/components/workshop-edit.tsx';

function useIsSuperAdmin() {
  const { data } = useMyProfile();
  return data ? roleKindOf(data) === 'superAdmin' : null;
}

/** /workspace/{id}: TenantDetail. */
export function WorkshopDetailPage() {
  const { id = '' } = useParams();
  const isSuperAdmin = useIsSuperAdmin();
  if (isSuperAdmin === null) return <PageLoader />;
  return <WorkshopDetail key={id} id={id} isSuperAdmin={isSuperAdmin} />;
}

/** /workspace/{id}/edit: TenantEdit. */
export function WorkshopEditPage() {
  const { id = '' } = useParams();
  const isSuperAdmin = useIsSuperAdmin();
  if (isSuperAdmin === null) return <PageLoader />;
  return <WorkshopEdit key={id} workshop={{ id }} isSuperAdmin={isSuperAdmin} />;
}

/** /workspace: TenantEditAsUser, the workshop admin's own workshop. */
export function OwnWorkshopPage() {
  const { data } = useMyProfile();
  if (!data?.tenant) return <PageLoader />;
  return <WorkshopEdit workshop={{ tenantId: data.tenant.id }} isSuperAdmin={false} />;
}
