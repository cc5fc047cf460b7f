import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { accounts, billingProfiles } from '../../db/schema/index.js';
import { BASE_PLAN_ID } from './plans.data.js';
import { syncPricetags } from './plans.repo.js';

export type BillingProfileRow = typeof billingProfiles.$inferSelect;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh referral code: 8 letters and digits that cannot be misread (no 0/O, 1/I). */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * Creates the user's billing profile (Base plan, a referral code, the referrer named by the sign-up
 * `ref` code) with the main, bonus and referral accounts and the plan's pricetags; nothing when it exists.
 */
export async function ensureBillingProfile(db: Queryable, userId: number): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await rowsOf<{ user_id: number }>(
      db,
      sql`
      insert into billing_profiles (user_id, price_plan_id, referral_code, referrer_id, reflink_id)
      select u.id, ${BASE_PLAN_ID}::int, ${newReferralCode()}::text,
        (select p.user_id from billing_profiles p
          where upper(p.referral_code) = upper(u.signup_ref) and p.user_id <> u.id),
        (select r.id from reflinks r where upper(r.code) = upper(u.signup_ref))
      from users u where u.id = ${userId}
      on conflict do nothing
      returning user_id`,
    );
    const exists =
      created.length > 0 ||
      (
        await db
          .select({ id: billingProfiles.user_id })
          .from(billingProfiles)
          .where(eq(billingProfiles.user_id, userId))
      ).length > 0;
    if (!exists) continue; // the code was taken: draw another
    await db
      .insert(accounts)
      .values((['main', 'bonus', 'referral'] as const).map((type) => ({ user_id: userId, type })))
      .onConflictDoNothing();
    if (created.length) await syncPricetags(db, userId, BASE_PLAN_ID);
    return;
  }
  throw new Error(`Cannot create the billing profile of user ${userId}`);
}

/** The user's billing profile, created on first use. */
export async function billingProfileOf(db: Queryable, userId: number): Promise<BillingProfileRow> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.user_id, userId));
  if (row) return row;
  await ensureBillingProfile(db, userId);
  const [created] = await db.select().from(billingProfiles).where(eq(billingProfiles.user_id, userId));
  if (!created) throw new Error(`No user ${userId}`);
  return created;
}

/** Voids both API tokens of the user (a password reset: whoever took the account may hold them). */
export async function voidApiTokens(db: Queryable, userId: number) {
  await db
    .update(billingProfiles)
    .set({
      api_token_hash: null,
      api_token_hint: null,
      api_test_token_hash: null,
      api_test_token_hint: null,
    })
    .where(eq(billingProfiles.user_id, userId));
}
