import { ROLE_ADMIN } from '../constants.ts';

/** The three kinds of logged-in user: super admin, workshop admin, user. */
export type RoleKind = 'superAdmin' | 'workshopAdmin' | 'user';

export function roleKindOf(user: { roles: readonly string[]; tenant: { id: string } | null }): RoleKind {
  const role = user.roles[0] ?? 'user';
  if (role === ROLE_ADMIN) return user.tenant ? 'workshopAdmin' : 'superAdmin';
  return 'user';
}
