import { endpoints, type Workspace } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function getWorkspace(id: string): Promise<Workspace> {
  return api(endpoints.getWorkspace, { params: { id } });
}

export function getWorkspaceByTenant(tenantId: string): Promise<Workspace> {
  return api(endpoints.getWorkspaceByTenant, { params: { tenantId } });
}

/** One workshop, by its id or (the own workshop of a workshop admin) by its tenant. */
export function useWorkspace(ref: { id: string } | { tenantId: string }) {
  const byId = 'id' in ref;
  return useQuery({
    queryKey: workspacesKeys.detail(byId ? ref.id : { tenantId: ref.tenantId }),
    queryFn: () => (byId ? getWorkspace(ref.id) : getWorkspaceByTenant(ref.tenantId)),
  });
}
