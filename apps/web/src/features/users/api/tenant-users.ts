import { type CreateUser, endpoints, type TenantUser, type UpdateUser } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { tenantUsersKeys } from './tenant-users-keys.ts';

// The users of the workshop admin's own tenant: list, one, add, save, delete.

export function getTenantUsers(): Promise<TenantUser[]> {
  return api(endpoints.listUsers).then((r) => r.items);
}

export function useTenantUsers() {
  return useQuery({ queryKey: tenantUsersKeys.list(), queryFn: getTenantUsers });
}

export function getTenantUser(id: string): Promise<TenantUser> {
  return api(endpoints.getUser, { params: { id } });
}

export function useTenantUser(id: string) {
  return useQuery({ queryKey: tenantUsersKeys.detail(id), queryFn: () => getTenantUser(id) });
}

export function useCreateTenantUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: CreateUser) => api(endpoints.createUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantUsersKeys.all }),
  });
}

export function useUpdateTenantUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUser }) => api(endpoints.updateUser, { params: { id }, body }),
    // Not awaited: the edit form is keyed by the user's concurrency stamp, so a refetch finished before the caller's
    // own onSuccess would remount the form, and TanStack drops the callbacks of an unmounted mutate (the save stayed
    // on the edit page now and then). The caller moves on at once; the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tenantUsersKeys.all });
    },
  });
}

export function useDeleteTenantUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => api(endpoints.deleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantUsersKeys.all }),
  });
}
