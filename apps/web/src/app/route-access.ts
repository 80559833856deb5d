import type { RoleKind } from '@ateliermarkt/contract';

/** Who may open a route: 'public' needs no session, 'all' any logged-in user, or a list of role kinds. */
export type RouteAccess = 'public' | 'all' | readonly RoleKind[];

export function canAccess(kind: RoleKind | null, access: RouteAccess): boolean {
  if (access === 'public') return true;
  if (kind === null) return false;
  if (access === 'all') return true;
  return access.includes(kind);
}
