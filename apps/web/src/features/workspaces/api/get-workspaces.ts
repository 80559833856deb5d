import { type Workspace, workspacesResponseSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function getWorkspaces(): Promise<Workspace[]> {
  return apiClient.request('workspaces/all', { schema: workspacesResponseSchema });
}

export const workspacesQueryOptions = () => queryOptions({ queryKey: workspacesKeys.list(), queryFn: getWorkspaces });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
