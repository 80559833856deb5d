// The profile query is shared by the whole app (lib/current-user.ts); the users feature edits it.
export { getMyProfile, myProfileQueryOptions, useMyProfile } from '../../../lib/current-user.ts';
