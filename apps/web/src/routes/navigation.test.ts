import { describe, expect, it } from 'vitest';
import { PERMISSION_MODULES, routePermission } from '@storelift/shared';
import {
  canOpen,
  normalizePath,
  resolveNavigation,
  ROUTE_ACCESS,
  routeAccess,
  type NavigationInput,
} from './navigation';

const visitor = (path: string, search: Record<string, unknown> = {}): NavigationInput => ({
  path,
  search,
  authenticated: false,
  permissions: [],
});
/** A signed-in user holding the permissions (a customer holds none). */
const user = (path: string, permissions: string[] = [], search: Record<string, unknown> = {}) => ({
  path,
  search,
  authenticated: true,
  permissions,
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

  it('sends the root to the dashboard, for customers and visitors, and staff to their own home', () => {
    expect(resolveNavigation(user('/'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveNavigation(visitor('/'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    // Sign-in opens '/': staff land on the staff home, never in the customer area.
    expect(resolveNavigation(user('/', ['staff-home', 'user-lists']))).toEqual({
      kind: 'redirect',
      to: '/admin/home',
    });
    // A customer never sees the staff home.
    expect(resolveNavigation(user('/admin/home'))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('sends unknown paths of a signed-in user to the dashboard', () => {
    expect(resolveNavigation(user('/no-such-page'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveNavigation(user('/admin/nothing', ['roles', 'user-lists']))).toEqual({
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

  it("sends a user lacking the route's permission to the dashboard", () => {
    expect(resolveNavigation(user('/admin/user-lists'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    // A function of the page's module is not the page.
    expect(resolveNavigation(user('/admin/user-orders', ['campaigns.forced-draft']))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it.each([
    '/admin/user-lists',
    '/admin/role',
    '/admin/modules',
    '/admin/functions',
    '/admin/log-viewer',
  ] as const)('lets a user granted the module of %s open it', (path) => {
    expect(resolveNavigation(user(path, [routePermission(path)]))).toEqual({ kind: 'allow' });
  });

  it('accepts trailing slashes', () => {
    expect(resolveNavigation(visitor('/login/'))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(user('/dashboard/'))).toEqual({ kind: 'allow' });
  });

  it('lets a user whose permissions are not known yet open routes open to all, and no staff page', () => {
    expect(resolveNavigation(user('/dashboard', []))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(user('/admin/user-lists', []))).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
});

describe('route access', () => {
  it('asks for the module of each admin page the server checks', () => {
    const admin = Object.entries(ROUTE_ACCESS).filter(([path]) => path.startsWith('/admin/'));
    for (const [path, access] of admin) {
      // A page with a parameter (`/admin/user-details/$id`) belongs to its module's route.
      const module = PERMISSION_MODULES.find(
        (entry) => entry.route === path || path.startsWith(`${entry.route}/$`),
      );
      expect(access, path).toEqual({ permission: module?.permission });
    }
    expect(routeAccess('/admin/role')).toEqual({ permission: 'roles' });
  });

  it('answers the component-level check', () => {
    expect(canOpen('/admin/user-lists', ['user-lists'])).toBe(true);
    expect(canOpen('/admin/user-lists', [])).toBe(false);
    expect(canOpen('/dashboard', [])).toBe(true);
    expect(canOpen('/admin/user-details/$id', ['user-details'])).toBe(true);
    expect(canOpen('/admin/user-details/$id', ['user-lists'])).toBe(false);
  });

  it('matches a page with a parameter by its pattern', () => {
    expect(resolveNavigation(user('/admin/user-details/42', ['user-details']))).toEqual({ kind: 'allow' });
    expect(resolveNavigation(user('/admin/user-details/42', ['user-lists']))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('normalizes paths', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('//')).toBe('/');
    expect(normalizePath('/terms///')).toBe('/terms');
  });
});
