import { ADMIN_ROUTE_ROLES, hasAnyRole, ROLE_ALL } from '@storelift/shared';

/** Who may open a route. */
export interface RouteAccess {
  /** Visitors (no token) may open it. */
  public?: boolean;
  /** Signed-in users are sent to the dashboard instead (sign-in, sign-up, forgot password). */
  guestOnly?: boolean;
  /** Roles allowed when signed in; a user holding none of them goes to the dashboard. */
  roles: readonly string[];
}

const EVERYONE = [ROLE_ALL] as const;

/**
 * The access table of every route the client knows (customer-area §2, staff-admin §2). A route
 * missing here is an unknown path. Segments written `$name` match any value.
 */
export const ROUTE_ACCESS = {
  '/login': { public: true, guestOnly: true, roles: EVERYONE },
  '/signup': { public: true, guestOnly: true, roles: EVERYONE },
  '/forgot-password': { public: true, guestOnly: true, roles: EVERYONE },
  '/password-reset': { public: true, roles: EVERYONE },
  '/terms': { public: true, roles: EVERYONE },
  '/privacy': { public: true, roles: EVERYONE },
  '/404': { public: true, roles: EVERYONE },
  '/500': { public: true, roles: EVERYONE },
  '/503': { public: true, roles: EVERYONE },
  '/dashboard': { roles: EVERYONE },
  '/apps': { roles: EVERYONE },
  '/keywords': { roles: EVERYONE },
  '/add-campaigns': { roles: EVERYONE },
  '/campaigns': { roles: EVERYONE },
  '/top-up-balance': { roles: EVERYONE },
  '/top-up-balance/result': { roles: EVERYONE },
  '/my-transactions': { roles: EVERYONE },
  '/priceplans': { roles: EVERYONE },
  '/referral-program': { roles: EVERYONE },
  '/bonus-program': { roles: EVERYONE },
  '/statistics': { roles: EVERYONE },
  '/admin/user-lists': { roles: ADMIN_ROUTE_ROLES['/admin/user-lists'] },
  '/admin/user-orders': { roles: ADMIN_ROUTE_ROLES['/admin/user-orders'] },
  '/admin/vendors': { roles: ADMIN_ROUTE_ROLES['/admin/vendors'] },
} as const satisfies Record<string, RouteAccess>;

export type KnownPath = keyof typeof ROUTE_ACCESS;

export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/dashboard';

/** The path without a trailing slash (except the root itself). */
export function normalizePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The access rule of a path, or undefined when no route has it. */
export function routeAccess(path: string): RouteAccess | undefined {
  const normalized = normalizePath(path);
  const table: Record<string, RouteAccess> = ROUTE_ACCESS;
  if (table[normalized]) return table[normalized];
  const segments = normalized.split('/');
  for (const [pattern, access] of Object.entries(table)) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    if (parts.every((part, i) => part === segments[i] || (part.startsWith('$') && segments[i] !== '')))
      return access;
  }
  return undefined;
}

export interface NavigationInput {
  path: string;
  search: Record<string, unknown>;
  /** A token is stored. */
  authenticated: boolean;
  /** The session's role list (`all` plus the user's roles); empty while unknown. */
  roles: readonly string[];
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; search?: Record<string, string> }
  /** `/dashboard?access_token=X`: store X as the login, then open the dashboard without it. */
  | { kind: 'sign-in-with-token'; token: string; to: typeof HOME_PATH };

function stringSearch(search: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined && value !== null) result[key] = String(value);
  }
  return result;
}

/**
 * The navigation rules of customer-area §2 as one pure decision: where a visitor or user who asks
 * for `path` ends up. The route guard applies it on every navigation.
 */
export function resolveNavigation({
  path,
  search,
  authenticated,
  roles,
}: NavigationInput): NavigationDecision {
  const normalized = normalizePath(path);

  // The reset e-mail links to the API path; the page lives at /password-reset.
  if (normalized === '/api/password-reset') {
    return { kind: 'redirect', to: '/password-reset', search: stringSearch(search) };
  }
  if (normalized === '/') return { kind: 'redirect', to: HOME_PATH };

  const token = search.access_token;
  if (normalized === HOME_PATH && typeof token === 'string' && token !== '') {
    return { kind: 'sign-in-with-token', token, to: HOME_PATH };
  }

  const access = routeAccess(normalized);
  if (!authenticated) {
    return access?.public ? { kind: 'allow' } : { kind: 'redirect', to: SIGN_IN_PATH };
  }
  if (!access) return { kind: 'redirect', to: HOME_PATH };
  if (access.guestOnly) return { kind: 'redirect', to: HOME_PATH };
  if (!hasAnyRole(roles, access.roles)) return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'allow' };
}

/** Component-level role check (staff-admin §2): true when the roles admit the route. */
export function canOpen(path: KnownPath, roles: readonly string[]): boolean {
  return hasAnyRole(roles, ROUTE_ACCESS[path].roles);
}
