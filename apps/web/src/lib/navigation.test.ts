import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_ROLES, STAFF_ROLES } from '@storelift/shared';
import { canOpen, normalizePath, resolveNavigation, routeAccess, type NavigationInput } from './navigation';

const visitor = (path: string, search: Record<string, unknown> = {}): NavigationInput => ({
  path,
  search,
  authenticated: false,
  roles: [],
});
const user = (path: string, roles: string[] = ['all', 'user'], search: Record<string, unknown> = {}) => ({
  path,
  search,
  authenticated: true,
  roles,
});

const PUBLIC = [
  '/login',
  '/signup',
  '/password-reset',
  '/forgot-password',
  '/terms',
  '/privacy',
  '/404',
  '/500',
  '/503',
];

describe('resolveNavigation', () => {
  it.each(PUBLIC)('lets a visitor open %s', (path) => {
    expect(resolveNavigation(visitor(path))).toEqual({ kind: 'allow' });
  });

  it.each(['/dashboard', '/admin/user-lists', '/apps', '/my-profile', '/nope/deeper'])(
    'sends a visitor from %s to sign-in',
    (path) => {
      expect(resolveNavigation(visitor(path))).toEqual({ kind: 'redirect', to: '/login' });
    },
  );

  it('sends the root to the dashboard, for users and visitors alike', () => {
    expect(resolveNavigation(user('/'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveNavigation(visitor('/'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends unknown paths of a signed-in user to the dashboard', () => {
    expect(resolveNavigation(user('/no-such-page'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveNavigation(user('/admin/nothing', ['all', 'admin']))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it.each(['/login', '/signup', '/forgot-password'])(
    'sends a signed-in user from %s to the dashboard',
    (path) => {
      expect(resolveNavigation(user(path))).toEqual({ kind: 'redirect', to: '/dashboard' });
    },
  );

  it.each(['/password-reset', '/terms', '/privacy', '/404', '/500', '/503', '/dashboard'])(
    'lets a signed-in user open %s',
    (path) => {
      expect(resolveNavigation(user(path))).toEqual({ kind: 'allow' });
    },
  );

  it('redirects /api/password-reset to /password-reset keeping the query', () => {
    const search = { token: 'abc123', email: 'a@b.test' };
    expect(resolveNavigation(visitor('/api/password-reset', search))).toEqual({
      kind: 'redirect',
      to: '/password-reset',
      search,
    });
    expect(resolveNavigation(user('/api/password-reset', undefined, search))).toMatchObject({
      to: '/password-reset',
      search,
    });
  });

  it('takes ?access_token on the dashboard as the login, for visitors and users', () => {
    expect(resolveNavigation(visitor('/dashboard', { access_token: 'tok' }))).toEqual({
      kind: 'sign-in-with-token',
      token: 'tok',
      to: '/dashboard',
    });
    expect(resolveNavigation(user('/dashboard', undefined, { access_token: 'tok2' }))).toMatchObject({
      kind: 'sign-in-with-token',
      token: 'tok2',
    });
  });

  it('ignores access_token anywhere but the dashboard, and an empty one', () => {
    expect(resolveNavigation(visitor('/login', { access_token: 'tok' }))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(visitor('/dashboard', { access_token: '' }))).toEqual({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('sends a user lacking the route roles to the dashboard', () => {
    expect(resolveNavigation(user('/admin/user-lists', ['all', 'user']))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it.each(STAFF_ROLES)('lets %s open the user lists (any matching role is enough)', (role) => {
    expect(resolveNavigation(user('/admin/user-lists', ['all', 'user', role]))).toEqual({ kind: 'allow' });
  });

  it('accepts trailing slashes', () => {
    expect(resolveNavigation(visitor('/login/'))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(user('/dashboard/'))).toEqual({ kind: 'allow' });
  });

  it('lets a user whose roles are not known yet open routes open to all', () => {
    expect(resolveNavigation(user('/dashboard', []))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(user('/admin/user-lists', []))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
});

describe('route access', () => {
  it('uses the staff-admin role table for admin routes', () => {
    expect(routeAccess('/admin/user-lists')?.roles).toEqual(ADMIN_ROUTE_ROLES['/admin/user-lists']);
  });

  it('answers the component-level check', () => {
    expect(canOpen('/admin/user-lists', ['all', 'marketer'])).toBe(true);
    expect(canOpen('/admin/user-lists', ['all', 'user'])).toBe(false);
    expect(canOpen('/dashboard', ['all'])).toBe(true);
  });

  it('normalizes paths', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('//')).toBe('/');
    expect(normalizePath('/terms///')).toBe('/terms');
  });
});
