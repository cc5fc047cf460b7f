import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeTokens, sessions } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../lib/tokens.js';

export type SessionRow = typeof sessions.$inferSelect;
export type OneTimeKind = (typeof oneTimeTokens.$inferSelect)['kind'];

/** Opens a session and returns the bearer token (only its hash is stored). */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({ user_id: userId, token_hash: hashToken(token) });
  return token;
}

/** The live session of a bearer token, or undefined when unknown, revoked or past its grace. */
export async function findLiveSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        or(isNull(sessions.expires_at), gt(sessions.expires_at, sql`now()`)),
      ),
    );
  return row;
}

export async function touchSession(db: Db, id: number) {
  await db.update(sessions).set({ last_activity_at: new Date() }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: number) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, id));
}

export async function revokeUserSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}

/** Ends a session soon rather than now, so requests already sent with its token still pass. */
export async function expireSessionAt(db: Db, id: number, at: Date) {
  await db.update(sessions).set({ expires_at: at }).where(eq(sessions.id, id));
}

/** Issues a single-use token, voiding earlier unused ones of the same kind. */
export async function issueOneTimeToken(db: Db, userId: number, kind: OneTimeKind, ttlMs: number) {
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
    });
  });
  return token;
}

/** Marks a valid token used and returns its user id; undefined when unknown, used or expired. */
export async function consumeOneTimeToken(db: Db, kind: OneTimeKind, token: string, userId?: number) {
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
    .returning({ user_id: oneTimeTokens.user_id });
  return row?.user_id;
}
