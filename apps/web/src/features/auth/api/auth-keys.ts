import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** Query keys of the auth feature: the workshops of the log-in picker. */
export const availableWorkshopsKeys = queryKeysFactory('available-tenants');
