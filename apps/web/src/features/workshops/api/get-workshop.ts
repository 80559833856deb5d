import { endpoints, type Workshop } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function getWorkshop(id: string): Promise<Workshop> {
  return api(endpoints.getWorkspace, { params: { id } });
}

export function getWorkshopByWorkshop(workshopId: string): Promise<Workshop> {
  return api(endpoints.getWorkspaceByTenant, { params: { tenantId: workshopId } });
}

/** One workshop, by its id or (the own workshop of a workshop admin) by its tenant. */
export function useWorkshop(ref: { id: string } | { tenantId: string }) {
  const byId = 'id' in ref;
  return useQuery({
    queryKey: workshopsKeys.detail(byId ? ref.id : { tenantId: ref.tenantId }),
    queryFn: () => (byId ? getWorkshop(ref.id) : getWorkshopByWorkshop(ref.tenantId)),
  });
}
