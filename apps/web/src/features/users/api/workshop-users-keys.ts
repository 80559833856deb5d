import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** Query keys of the tenant's users (the my-profile key, which the whole app shares, is lib/current-user.ts). */
export const workshopUsersKeys = queryKeysFactory('tenant-users');
