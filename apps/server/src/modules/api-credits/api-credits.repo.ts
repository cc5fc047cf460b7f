import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { apiPurchases, billingProfiles } from '../../db/schema/index.js';
import type { BillingProfileRow } from '../plans/profiles.repo.js';

/* The API credits live on the billing profile; a pack bought is one `api_purchases` row. */

/** Records a pack bought: its id. */
export async function insertPurchase(
  db: Queryable,
  values: { user_id: number; credits: number; price: string; automatic: boolean },
): Promise<number> {
  const [purchase] = await db.insert(apiPurchases).values(values).returning({ id: apiPurchases.id });
  return purchase!.id;
}

/** Adds paid credits to the user's profile: the profile after. */
export async function addPaidCredits(
  db: Queryable,
  userId: number,
  credits: number,
): Promise<BillingProfileRow> {
  const [profile] = await db
    .update(billingProfiles)
    .set({ api_paid_credits: sql`${billingProfiles.api_paid_credits} + ${credits}` })
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return profile!;
}

/** Stores a new token's hash and hint, of the live or the test kind: the profile after. */
export async function setToken(
  db: Queryable,
  userId: number,
  mode: 'live' | 'test',
  token: { hash: string; hint: string },
): Promise<BillingProfileRow> {
  const [profile] = await db
    .update(billingProfiles)
    .set(
      mode === 'live'
        ? { api_token_hash: token.hash, api_token_hint: token.hint }
        : { api_test_token_hash: token.hash, api_test_token_hint: token.hint },
    )
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return profile!;
}

/** Switches the user's auto-refresh: the profile after. */
export async function setAutoRefresh(db: Queryable, userId: number, on: boolean): Promise<BillingProfileRow> {
  const [profile] = await db
    .update(billingProfiles)
    .set({ api_auto_refresh: on })
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return profile!;
}

/** The user's profile, locked. */
export async function lockProfile(db: Queryable, userId: number): Promise<BillingProfileRow | undefined> {
  const [profile] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.user_id, userId))
    .for('update');
  return profile;
}

/** Everyone's free credits back to `credits`, reset at `month`. */
export async function resetFreeCredits(db: Queryable, credits: number, month: Date) {
  await db.update(billingProfiles).set({ api_credits: credits, api_credits_reset_at: month });
}
