/** Query keys of the workspaces feature. */
export const workspacesKeys = {
  all: ['workspaces'] as const,
  list: () => [...workspacesKeys.all, 'list'] as const,
  detail: (id: string) => [...workspacesKeys.all, 'detail', id] as const,
  byTenant: (tenantId: string) => [...workspacesKeys.all, 'by-tenant', tenantId] as const,
};
