import { PAGES, type KnownPath, type RouteAccess } from './pages';
import { HOME_PATH, SIGN_IN_PATH, STAFF_HOME_PATH } from './paths';

export type { KnownPath, RouteAccess };

/**
 * The access table of every route the client knows (customer-area §2, staff-admin §2), from the page manifest
 * (pages.ts): the signed-in area is open to every user, a staff page to those granted its module (the server
 * checks the same permission). A route missing here is an unknown path. Segments written `$name` match any value.
 */
export const ROUTE_ACCESS: Readonly<Record<KnownPath, RouteAccess>> = Object.fromEntries(
  PAGES.map((page): [string, RouteAccess] => [page.path, 'access' in page ? page.access : {}]),
) as Record<KnownPath, RouteAccess>;

/** The home of a signed-in user: the staff home for staff (its permission), else the dashboard. */
export const homePathOf = (permissions: readonly string[]) =>
  canOpen(STAFF_HOME_PATH, permissions) ? STAFF_HOME_PATH : HOME_PATH;

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
  /** The session's permission names (`POST me`); empty while unknown. */
  permissions: readonly string[];
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
  permissions,
}: NavigationInput): NavigationDecision {
  const normalized = normalizePath(path);

  // The reset e-mail links to the API path; the page lives at /password-reset.
  if (normalized === '/api/password-reset') {
    return { kind: 'redirect', to: '/password-reset', search: stringSearch(search) };
  }
  if (normalized === '/')
    return { kind: 'redirect', to: authenticated ? homePathOf(permissions) : HOME_PATH };

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
  if (!mayOpen(access, permissions)) return { kind: 'redirect', to: HOME_PATH };
  return { kind: 'allow' };
}

const mayOpen = (access: RouteAccess, permissions: readonly string[]) =>
  !access.permission || permissions.includes(access.permission);

/** Component-level check (staff-admin §2): true when the permissions admit the route. */
export function canOpen(path: KnownPath, permissions: readonly string[]): boolean {
  return mayOpen(ROUTE_ACCESS[path], permissions);
}
