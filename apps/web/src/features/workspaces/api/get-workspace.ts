import { type Workspace, workspaceSchema } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function getWorkspace(id: string): Promise<Workspace> {
  return apiClient.request(`workspaces/${encodeURIComponent(id)}`, { schema: workspaceSchema });
}

export function getWorkspaceByTenant(tenantId: string): Promise<Workspace> {
  return apiClient.request(`workspaces/find-by-tenant/${encodeURIComponent(tenantId)}`, { schema: workspaceSchema });
}

/** One workshop, by its id or (the own workshop of a workshop admin) by its tenant. */
export function useWorkspace(ref: { id: string } | { tenantId: string }) {
  const byId = 'id' in ref;
  return useQuery<Workspace, Error, Workspace, readonly string[]>({
    queryKey: byId ? workspacesKeys.detail(ref.id) : workspacesKeys.byTenant(ref.tenantId),
    queryFn: () => (byId ? getWorkspace(ref.id) : getWorkspaceByTenant(ref.tenantId)),
  });
}
