import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { oneTimeTokens, roles, sessions, settings, userRoles, users } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { UserRow } from '../users/users.repo.js';

export type SessionRow = typeof sessions.$inferSelect;
export type OneTimeKind = (typeof oneTimeTokens.$inferSelect)['kind'];

/** Opens a session and returns the bearer token (only its hash is stored). */
export async function createSession(
  db: Queryable,
  userId: number,
  /** A log-in-as-user session: the staff member, and the end it cannot outlive. */
  impersonation?: { impersonatorId: number; expiresAt: Date },
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    token_hash: hashToken(token),
    impersonator_id: impersonation?.impersonatorId ?? null,
    expires_at: impersonation?.expiresAt ?? null,
  });
  return token;
}

/**
 * A live session with its user, the user's role names, whether the service is in maintenance and the grants
 * version (the permission cache of every process compares it, modules/permissions/grants-cache.ts).
 */
export interface LiveSession {
  session: SessionRow;
  user: UserRow;
  roles: string[];
  /**
   * In a session staff opened as the user: the staff member's role names while their account is active,
   * null once it is deactivated or deleted (the session then ends, docs/staff-tools.md).
   */
  impersonatorRoles: string[] | null;
  maintenance: boolean;
  grantsVersion: number;
}

/**
 * One statement for the check every request makes, prepared once per database so it is neither rebuilt
 * nor re-planned each time.
 */
function liveSessionQuery(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      roles: sql<string[]>`(select coalesce(json_agg(${roles.name} order by ${roles.id}), '[]'::json)
        from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.role_id}
        where ${userRoles.user_id} = ${users.id})`,
      impersonatorRoles: sql<string[] | null>`(select coalesce(json_agg(${roles.name} order by ${roles.id})
          filter (where ${roles.id} is not null), '[]'::json)
        from ${users} staff left join ${userRoles} on ${userRoles.user_id} = staff.id
          left join ${roles} on ${roles.id} = ${userRoles.role_id}
        where staff.id = ${sessions.impersonator_id} and staff.is_active and staff.deleted_at is null)`,
      maintenance: sql<boolean>`exists (select 1 from ${settings}
        where ${settings.key} = 'maintenance' and ${settings.value} = 'true'::jsonb)`,
      grantsVersion: sql<number>`coalesce((select (${settings.value} #>> '{}')::int from ${settings}
        where ${settings.key} = 'grants_version'), 0)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder('hash')),
        isNull(sessions.revoked_at),
        // Deactivating or deleting revokes the sessions too; this holds should one be missed.
        eq(users.is_active, true),
        isNull(users.deleted_at),
        or(isNull(sessions.expires_at), gt(sessions.expires_at, sql`now()`)),
      ),
    )
    .prepare('live_session');
}

const liveSessionQueries = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

/** The live session of a bearer token, or undefined when unknown, revoked or past its grace. */
export async function findLiveSession(db: Db, token: string): Promise<LiveSession | undefined> {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = liveSessionQuery(db)));
  const [row] = await query.execute({ hash: hashToken(token) });
  return row;
}

export async function touchSession(db: Db, id: number) {
  await db.update(sessions).set({ last_activity_at: new Date() }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, id));
}

/** Ends every session of a user, or every one but `keepId` (the one changing the password). */
export async function revokeUserSessions(db: Queryable, userId: number, keepId?: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keepId === undefined ? undefined : ne(sessions.id, keepId),
      ),
    );
}

/** Ends a session soon rather than now, so requests already sent with its token still pass. */
export async function expireSessionAt(db: Db, id: number, at: Date) {
  await db.update(sessions).set({ expires_at: at }).where(eq(sessions.id, id));
}

/** Issues a single-use token, voiding earlier unused ones of the same kind. */
export async function issueOneTimeToken(
  db: Queryable,
  userId: number,
  kind: OneTimeKind,
  ttlMs: number,
  impersonatorId: number | null = null,
) {
  const token = newToken();
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeTokens)
      .set({ used_at: new Date() })
      .where(
        and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.used_at)),
      );
    await tx.insert(oneTimeTokens).values({
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + ttlMs),
      impersonator_id: impersonatorId,
    });
  });
  return token;
}

/** Marks a valid token used and returns its user id; undefined when unknown, used or expired. */
export async function consumeOneTimeToken(db: Db, kind: OneTimeKind, token: string, userId?: number) {
  return (await consumeOneTimeTokenRow(db, kind, token, userId))?.user_id;
}

/** Marks a valid token used and returns its user and staff member; undefined when unknown, used or expired. */
export async function consumeOneTimeTokenRow(db: Db, kind: OneTimeKind, token: string, userId?: number) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.kind, kind),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, sql`now()`),
        userId === undefined ? undefined : eq(oneTimeTokens.user_id, userId),
      ),
    )
    .returning({ user_id: oneTimeTokens.user_id, impersonator_id: oneTimeTokens.impersonator_id });
  return row;
}
