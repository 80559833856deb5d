/** Query keys of the tenant's users (kept apart from users-keys.ts, whose my-profile key the whole app shares). */
export const tenantUsersKeys = {
  all: ['tenant-users'] as const,
  list: () => [...tenantUsersKeys.all, 'list'] as const,
  detail: (id: string) => [...tenantUsersKeys.all, 'detail', id] as const,
};
