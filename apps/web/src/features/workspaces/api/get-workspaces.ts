import { endpoints, type Workspace } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function getWorkspaces(): Promise<Workspace[]> {
  return api(endpoints.listWorkspaces);
}

export const workspacesQueryOptions = () => queryOptions({ queryKey: workspacesKeys.list(), queryFn: getWorkspaces });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
