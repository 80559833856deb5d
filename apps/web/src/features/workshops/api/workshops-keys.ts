import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** Query keys of the workspaces feature: a workshop is found by its id or (the own one) by its tenant. */
export const workshopsKeys = queryKeysFactory<'workspaces', never, string | { tenantId: string }>('workspaces');
