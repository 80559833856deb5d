import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** Query keys of the dashboard. `all` is what the live events stream and reservation changes invalidate. */
export const dashboardKeys = queryKeysFactory<'dashboard'>('dashboard');
