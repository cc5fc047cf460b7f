import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, LIMITS, MESSAGES, type Permission, type RoleOrAll } from '@storelift/shared';
import { ForbiddenError, MaintenanceError, UnauthorizedError } from '../../lib/errors.js';
import {
  findLiveSession,
  revokeSession,
  type LiveSession,
  touchSession,
  type SessionRow,
} from './sessions.repo.js';
import { createGrantsCache, type GrantsCache } from '../permissions/grants-cache.js';
import type { UserRow } from '../users/users.repo.js';
import { runInRequestContext } from '../audit/request-context.js';
import { auditImpersonatedChange } from '../audit/audit.js';

/** Who is calling: the session, its user, the user's role names and the grants version read with them. */
export interface AuthContext {
  session: SessionRow;
  user: UserRow;
  roles: string[];
  grantsVersion: number;
}

type Guard = (request: FastifyRequest) => Promise<void>;
/** The guard of an admin route, carrying the permission it checks (read by `requirePermissions`). */
export type PermissionGuard = Guard & { permission: Permission };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Request hook that admits a signed-in caller holding any of the roles (customer routes). */
    allow(roles: readonly RoleOrAll[]): Guard;
    /** Request hook that admits a signed-in caller whose roles are granted the permission (admin routes). */
    permit(permission: Permission): PermissionGuard;
    /** This process's cache of the grants (docs/permissions.md). */
    grants: GrantsCache;
  }
}

export const IDLE_LIMIT_MS = LIMITS.idleLogoutHours * 3600_000;
/** Activity is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in caller; routes behind `allow` or `permit` always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

/** The permission names the signed-in caller holds (cached per process, see `permit`). */
export function permissionsOf(request: FastifyRequest): Promise<ReadonlySet<string>> {
  const { roles, grantsVersion } = authOf(request);
  return request.server.grants.permissionsOf(roles, grantsVersion);
}

/** A check inside a handler, for a capability that depends on the body (e.g. a partner in an update). */
export async function requirePermission(request: FastifyRequest, permission: Permission) {
  if (!(await permissionsOf(request)).has(permission)) throw new ForbiddenError();
}

/**
 * Request hook (after `allow`) for the calls that change an account's credentials (password, e-mail, API
 * token): refused with 403 in a session staff opened as the user (docs/staff-tools.md).
 */
export async function refuseImpersonated(request: FastifyRequest) {
  if (request.auth?.session.impersonator_id) throw new ForbiddenError(MESSAGES.impersonationForbidden);
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('grants', createGrantsCache(app.deps.db));
  // Every request runs in its own context, so the audit log can name its staff member, id and address.
  app.addHook('onRequest', (request, _reply, done) => runInRequestContext(request, done));
  app.addHook('onResponse', (request, reply) =>
    auditImpersonatedChange(app.deps.db, request, reply.statusCode),
  );

  /** A session opened as the user lasts while its staff member is active and may still log in as users. */
  async function impersonatorMayStay({ session, impersonatorRoles, grantsVersion }: LiveSession) {
    if (!session.impersonator_id) return true;
    if (!impersonatorRoles) return false;
    return (await app.grants.permissionsOf(impersonatorRoles, grantsVersion)).has('users.login-as');
  }

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    if (request.auth) return request.auth;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new UnauthorizedError();
    const db = app.deps.db;
    const live = await findLiveSession(db, token);
    if (!live) throw new UnauthorizedError();
    const { session, user, roles, grantsVersion } = live;
    const idle = Date.now() - session.last_activity_at.getTime();
    if (idle > IDLE_LIMIT_MS || !(await impersonatorMayStay(live))) {
      await revokeSession(db, session.id);
      throw new UnauthorizedError();
    }
    if (!user.email_verified_at) {
      throw new ForbiddenError(MESSAGES.notActivated, { status: 'Email verify failed' });
    }
    if (live.maintenance && !roles.includes('admin')) throw new MaintenanceError();
    if (idle > TOUCH_EVERY_MS) await touchSession(db, session.id);
    request.auth = { session, user, roles, grantsVersion };
    return request.auth;
  }

  app.decorate('allow', (allowed: readonly RoleOrAll[]): Guard => async (request) => {
    const { roles } = await authenticate(request);
    if (!hasAnyRole(roles, allowed)) throw new ForbiddenError();
  });

  app.decorate('permit', (permission: Permission): PermissionGuard => {
    const guard = async (request: FastifyRequest) => {
      const { session } = await authenticate(request);
      // Staff rights never flow through a session opened as a user.
      if (session.impersonator_id) throw new ForbiddenError();
      await requirePermission(request, permission);
    };
    return Object.assign(guard, { permission });
  });
}

/**
 * Every route of an admin plugin must declare its permission (`onRequest: app.permit('users.change-balance')`):
 * a route without one stops the server at start, naming the route. The permission is also written into the
 * route's description in the API reference.
 */
export function requirePermissions(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    const guard = hooks.find((hook): hook is PermissionGuard => 'permission' in hook);
    if (!guard) {
      throw new Error(
        `${route.method} ${route.url} declares no permission: add onRequest: app.permit('<permission>')`,
      );
    }
    const note = `Needs the permission \`${guard.permission}\`.`;
    // A GET route's HEAD twin shares its schema: the note goes in once.
    if (route.schema && !route.schema.description?.includes(note))
      route.schema.description = route.schema.description ? `${route.schema.description}\n\n${note}` : note;
  });
}
