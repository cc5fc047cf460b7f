import type { ModulePermission } from '@storelift/shared';

/** Who may open a route. */
export interface RouteAccess {
  /** Visitors (no token) may open it. */
  public?: boolean;
  /** Signed-in users are sent to the dashboard instead (sign-in, sign-up, forgot password). */
  guestOnly?: boolean;
  /** The permission a signed-in user needs (staff pages); without it they go to the dashboard. */
  permission?: ModulePermission;
}

/**
 * The access table of every route the client knows (customer-area §2, staff-admin §2): the signed-in area is
 * open to every user, a staff page to those granted its module (the server checks the same permission). A
 * route missing here is an unknown path. Segments written `$name` match any value.
 */
export const ROUTE_ACCESS = {
  '/login': { public: true, guestOnly: true },
  '/signup': { public: true, guestOnly: true },
  '/forgot-password': { public: true, guestOnly: true },
  '/password-reset': { public: true },
  '/terms': { public: true },
  '/privacy': { public: true },
  '/404': { public: true },
  '/500': { public: true },
  '/503': { public: true },
  '/login-as': { public: true },
  '/dashboard': {},
  '/apps': {},
  '/keywords': {},
  '/add-campaigns': {},
  '/campaigns': {},
  '/top-up-balance': {},
  '/top-up-balance/result': {},
  '/my-transactions': {},
  '/priceplans': {},
  '/referral-program': {},
  '/bonus-program': {},
  '/statistics': {},
  '/admin/home': { permission: 'staff-home' },
  '/admin/user-lists': { permission: 'user-lists' },
  '/admin/user-orders': { permission: 'user-orders' },
  '/admin/vendors': { permission: 'vendors' },
  '/admin/role': { permission: 'roles' },
  '/admin/modules': { permission: 'modules' },
  '/admin/functions': { permission: 'functions' },
  '/admin/log-viewer': { permission: 'log-viewer' },
  '/admin/user-payments': { permission: 'user-payments' },
  '/admin/user-apps': { permission: 'user-apps' },
  '/admin/reflinks': { permission: 'reflinks' },
  '/admin/notice-templates': { permission: 'notice-templates' },
  '/admin/blog': { permission: 'blog' },
  '/admin/marketing-actions': { permission: 'marketing-actions' },
  '/admin/google-ads-report': { permission: 'google-ads-report' },
  '/admin/cpi-accounts': { permission: 'cpi-accounts' },
  '/admin/user-details/$id': { permission: 'user-details' },
  '/admin/core-settings': { permission: 'core-settings' },
  '/admin/access-lists': { permission: 'access-lists' },
  '/admin/operations': { permission: 'operations' },
  '/admin/sales-report': { permission: 'sales-report' },
  '/admin/clients-report': { permission: 'clients-report' },
  '/admin/referral-payouts': { permission: 'referral-payouts' },
  '/admin/bonus-submissions': { permission: 'bonus-submissions' },
  '/admin/contact-messages': { permission: 'contact-messages' },
  '/resellers-program': {},
  '/partners-program': {},
  '/contacts': {},
  '/starting': {},
  '/api-support': {},
  '/my-profile': {},
} as const satisfies Record<string, RouteAccess>;

export type KnownPath = keyof typeof ROUTE_ACCESS;

export const SIGN_IN_PATH = '/login';
export const HOME_PATH = '/dashboard';
/** Where staff land: their own home, with what needs them today. */
export const STAFF_HOME_PATH = '/admin/home';

/** The home of a signed-in user: the staff home for staff (its permission), else the dashboard. */
export const homePathOf = (permissions: readonly string[]) =>
  canOpen(STAFF_HOME_PATH, permissions) ? STAFF_HOME_PATH : HOME_PATH;
export const MAINTENANCE_PATH = '/503';

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
