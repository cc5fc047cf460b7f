import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, LIMITS, MESSAGES, STAFF_ROLES, type Role, type RoleOrAll } from '@storelift/shared';
import { ForbiddenError, MaintenanceError, UnauthorizedError } from '../lib/errors.js';
import {
  findLiveSession,
  revokeSession,
  touchSession,
  type SessionRow,
} from '../modules/auth/sessions.repo.js';
import type { UserRow } from '../modules/users/users.repo.js';

/** Who is calling: the session, its user and the user's roles. */
export interface AuthContext {
  session: SessionRow;
  user: UserRow;
  roles: Role[];
}

type Guard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Request hook that admits a signed-in caller holding any of the roles. */
    allow(roles: readonly RoleOrAll[]): Guard;
  }
}

export const IDLE_LIMIT_MS = LIMITS.idleLogoutHours * 3600_000;
/** Activity is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/** The signed-in caller; routes behind `allow` always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth;
}

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    if (request.auth) return request.auth;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new UnauthorizedError();
    const db = app.deps.db;
    const live = await findLiveSession(db, token);
    if (!live) throw new UnauthorizedError();
    const { session, user, roles } = live;
    const idle = Date.now() - session.last_activity_at.getTime();
    if (idle > IDLE_LIMIT_MS) {
      await revokeSession(db, session.id);
      throw new UnauthorizedError();
    }
    if (!user.email_verified_at) {
      throw new ForbiddenError(MESSAGES.notActivated, { status: 'Email verify failed' });
    }
    if (live.maintenance && !roles.includes('admin')) throw new MaintenanceError();
    if (idle > TOUCH_EVERY_MS) await touchSession(db, session.id);
    request.auth = { session, user, roles };
    return request.auth;
  }

  app.decorate('allow', (allowed: readonly RoleOrAll[]): Guard => async (request) => {
    const { roles } = await authenticate(request);
    if (!hasAnyRole(roles, allowed)) throw new ForbiddenError();
  });
}

/** Every admin route needs a staff role before its own role list is checked. */
export function requireStaff(app: FastifyInstance) {
  app.addHook('onRequest', app.allow(STAFF_ROLES));
}
