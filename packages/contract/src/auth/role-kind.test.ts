import { describe, expect, it } from 'vitest';
import { roleKindOf } from './role-kind.ts';

describe('roleKindOf', () => {
  it('admin without tenant is the super admin', () => {
    expect(roleKindOf({ roles: ['admin'], tenant: null })).toBe('superAdmin');
  });
  it('admin with a tenant is a workshop admin', () => {
    expect(roleKindOf({ roles: ['admin'], tenant: { id: 't' } })).toBe('workshopAdmin');
  });
  it('the first role counts and the default is user', () => {
    expect(roleKindOf({ roles: ['user', 'admin'], tenant: { id: 't' } })).toBe('user');
    expect(roleKindOf({ roles: [], tenant: null })).toBe('user');
  });
});
