import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { twoFactor, twoFactorRecoveryCodes } from '../../db/schema/index.js';

/** The user's two-factor row (its secret, whether sign-in uses it, the last accepted step). */
export async function twoFactorOf(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.user_id, userId));
  return row;
}

/** How many of the user's recovery codes are unused. */
export async function recoveryCodesLeft(db: Db, userId: number) {
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.user_id, userId), isNull(twoFactorRecoveryCodes.used_at)));
  return left?.n ?? 0;
}

/** A new pending secret (no step accepted yet). */
export async function saveSecret(db: Db, userId: number, secret: string) {
  await db
    .insert(twoFactor)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({ target: twoFactor.user_id, set: { secret, last_step: null } });
}

/**
 * Stores `step` as the last accepted one if it is later than the last (one statement, so a code is spent
 * once), turning sign-in with it on unless `enabled`; false when the row did not qualify.
 */
export async function acceptStep(db: Db, userId: number, secret: string, step: number, enabled: boolean) {
  const [row] = await db
    .update(twoFactor)
    .set({ last_step: step, ...(enabled ? {} : { enabled_at: new Date() }) })
    .where(
      and(
        eq(twoFactor.user_id, userId),
        eq(twoFactor.secret, secret),
        enabled ? undefined : isNull(twoFactor.enabled_at),
        or(isNull(twoFactor.last_step), lt(twoFactor.last_step, step)),
      ),
    )
    .returning({ user_id: twoFactor.user_id });
  return Boolean(row);
}

/** Replaces the user's recovery codes by these hashes. */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
  });
}

/** Drops the user's second factor and recovery codes. */
export async function deleteTwoFactor(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.user_id, userId));
  });
}

/** Uses up an unused recovery code of the user by its hash; false when there is none. */
export async function useRecoveryCode(db: Db, userId: number, hash: string) {
  const [used] = await db
    .update(twoFactorRecoveryCodes)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.user_id, userId),
        eq(twoFactorRecoveryCodes.code_hash, hash),
        isNull(twoFactorRecoveryCodes.used_at),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return Boolean(used);
}
