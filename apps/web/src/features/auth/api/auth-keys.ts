/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  availableTenants: () => [...authKeys.all, 'available-tenants'] as const,
};
