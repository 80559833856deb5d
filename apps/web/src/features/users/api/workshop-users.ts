import { type CreateUser, endpoints, type UpdateUser, type WorkshopUser } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopUsersKeys } from './workshop-users-keys.ts';

// The users of the workshop admin's own tenant: list, one, add, save, delete.

export function getWorkshopUsers(): Promise<WorkshopUser[]> {
  return api(endpoints.listUsers).then((r) => r.items);
}

export function useWorkshopUsers() {
  return useQuery({ queryKey: workshopUsersKeys.list(), queryFn: getWorkshopUsers });
}

export function getWorkshopUser(id: string): Promise<WorkshopUser> {
  return api(endpoints.getUser, { params: { id } });
}

export function useWorkshopUser(id: string) {
  return useQuery({ queryKey: workshopUsersKeys.detail(id), queryFn: () => getWorkshopUser(id) });
}

export function useCreateWorkshopUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: CreateUser) => api(endpoints.createUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopUsersKeys.all }),
  });
}

export function useUpdateWorkshopUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUser }) => api(endpoints.updateUser, { params: { id }, body }),
    // Not awaited: the edit form is keyed by the user's concurrency stamp, so a refetch finished before the caller's
    // own onSuccess would remount the form, and TanStack drops the callbacks of an unmounted mutate (the save stayed
    // on the edit page now and then). The caller moves on at once; the lists refresh behind it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workshopUsersKeys.all });
    },
  });
}

export function useDeleteWorkshopUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => api(endpoints.deleteUser, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopUsersKeys.all }),
  });
}
