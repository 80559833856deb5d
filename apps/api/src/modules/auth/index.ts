/**
 * The auth module's public file: what other modules may use (accounts, finding a user, ending sessions). Other modules
 * import only this file, never a file beside it (biome.json, docs/decisions/0025).
 */
export { assertEmailFree, sendPasswordLink } from './account.service.ts';
export { createAccount, hasSuperAdmin, type NewAccount, personalDetails, roleId } from './accounts.ts';
export {
  type ChangeNotice,
  createNotMeLink,
  distinctAddresses,
  NOT_ME_DAYS,
  queueChangeNotice,
  superAdminAddresses,
} from './change-notices.ts';
export { assertReconfirmed, type Reconfirmation } from './reconfirm.ts';
export { revokeUserSessions } from './sessions.ts';
export { findActorRow, findUserInTenant, inTenant, normalize, tenantUrl, type UserRow } from './user-queries.ts';
