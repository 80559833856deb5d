import type { RoleKind } from '@ateliermarkt/contract';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { canAccess } from './route-access.ts';
import { screenRoutes } from './route-table.ts';

function allowed(kind: RoleKind | null, pathname: string): boolean {
  const route = screenRoutes.find((r) => matchPath(r.path, pathname));
  if (!route) return false;
  return canAccess(kind, route.access);
}

describe('route guard', () => {
  it.each<[string, RoleKind[]]>([
    ['/', ['superAdmin', 'workshopAdmin', 'user']],
    ['/profile/edit', ['superAdmin', 'workshopAdmin', 'user']],
    ['/profile/change-password', ['superAdmin', 'workshopAdmin', 'user']],
    ['/resources', ['superAdmin']],
    ['/subcategories', ['superAdmin']],
    ['/subcategories/edit/abc', ['superAdmin']],
    ['/pages', ['superAdmin']],
    ['/pages/new/footer', ['superAdmin']],
    ['/admin-overview', ['superAdmin']],
    ['/admin-faq/123', ['superAdmin']],
    ['/products/featured', ['superAdmin']],
    ['/reservations', ['superAdmin', 'workshopAdmin']],
    ['/reservations/42', ['superAdmin', 'workshopAdmin']],
    ['/statements', ['superAdmin', 'workshopAdmin']],
    ['/invoices', ['superAdmin', 'workshopAdmin']],
    ['/products', ['workshopAdmin', 'user']],
    ['/product/add', ['workshopAdmin', 'user']],
    ['/product/edit/1', ['workshopAdmin', 'user']],
    ['/product/admin-detail/1', ['workshopAdmin']],
    ['/workspace', ['workshopAdmin']],
    ['/workspace/1', ['superAdmin', 'workshopAdmin']],
    ['/workspace/1/edit', ['superAdmin', 'workshopAdmin']],
    ['/user/edit/7', ['workshopAdmin']],
    ['/faq', ['workshopAdmin', 'user']],
  ])('%s is open to exactly %j', (pathname, kinds) => {
    for (const kind of ['superAdmin', 'workshopAdmin', 'user'] as const) {
      expect(allowed(kind, pathname), `${kind} on ${pathname}`).toBe(kinds.includes(kind));
    }
    expect(allowed(null, pathname)).toBe(false);
  });

  it('the reset password page needs no session', () => {
    expect(allowed(null, '/resetPassword')).toBe(true);
    expect(allowed('user', '/resetPassword')).toBe(true);
  });
});
