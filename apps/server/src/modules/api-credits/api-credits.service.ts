import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { API_TOKEN_PACKS, LIMITS, MESSAGES, parseMoney, type ApiInfo } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { apiPurchases, billingProfiles } from '../../db/schema/index.js';
import { ValidationError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { balancesOf, charge, type Tx } from '../billing/ledger.js';
import { billingProfileOf, type BillingProfileRow } from '../billing/profiles.repo.js';

/** The API part of a billing profile as the client sees it (the token only masked). */
export function apiInfoOf(profile: BillingProfileRow): ApiInfo {
  return {
    key: profile.api_token_hint ? `sl_…${profile.api_token_hint}` : null,
    credits: profile.api_credits,
    paid_credits: profile.api_paid_credits,
    free_monthly: LIMITS.apiFreeCredits,
    auto_refresh: profile.api_auto_refresh,
    reset_at: profile.api_credits_reset_at?.toISOString() ?? null,
    packs: API_TOKEN_PACKS.map((pack) => ({ credits: pack.credits, price: pack.price })),
  };
}

/**
 * `POST users/profile/change-api-token`: a new token replaces the old one at once. It is answered in full
 * this once; only its SHA-256 and last 4 characters are kept.
 */
export async function changeApiToken(db: Db, userId: number) {
  await billingProfileOf(db, userId);
  const token = `sl_${randomBytes(24).toString('base64url')}`;
  const [profile] = await db
    .update(billingProfiles)
    .set({ api_token_hash: hashToken(token), api_token_hint: token.slice(-4) })
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return { api_token: token, data: apiInfoOf(profile!), message: MESSAGES.apiTokenCreated };
}

/** The user an API token belongs to (for the public API), or undefined. */
export async function userIdOfApiToken(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ user_id: billingProfiles.user_id })
    .from(billingProfiles)
    .where(eq(billingProfiles.api_token_hash, hashToken(token)));
  return row?.user_id;
}

/** Buys a pack inside a transaction: the price is charged (bonus first), the credits added. */
async function buyPack(tx: Tx, userId: number, credits: number, automatic: boolean) {
  const pack = API_TOKEN_PACKS.find((candidate) => candidate.credits === credits);
  if (!pack) throw ValidationError.field('credits', MESSAGES.apiPackInvalid);
  const [purchase] = await tx
    .insert(apiPurchases)
    .values({ user_id: userId, credits, price: pack.price, automatic })
    .returning({ id: apiPurchases.id });
  await charge(tx, userId, parseMoney(pack.price), {
    type: 'api_tokens_purchase',
    reference: { type: 'api_purchase', id: purchase!.id },
    description: `API tokens: ${credits} credits${automatic ? ' (auto-refresh)' : ''}`,
  });
  const [profile] = await tx
    .update(billingProfiles)
    .set({ api_paid_credits: sql`${billingProfiles.api_paid_credits} + ${credits}` })
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return profile!;
}

/** `POST users/api-credits/buy-tokens`: a pack paid from the balance; 422 when the balance is short. */
export async function buyTokens(db: Db, userId: number, credits: number) {
  await billingProfileOf(db, userId);
  const profile = await db.transaction((tx) => buyPack(tx, userId, credits, false));
  return {
    data: apiInfoOf(profile),
    balances: await balancesOf(db, userId),
    message: MESSAGES.apiTokensBought,
  };
}

/** `POST users/api-credits/change-auto-refresh`: buy the smallest pack when the credits run out. */
export async function changeAutoRefresh(db: Db, userId: number, autoRefresh: boolean) {
  await billingProfileOf(db, userId);
  const [profile] = await db
    .update(billingProfiles)
    .set({ api_auto_refresh: autoRefresh })
    .where(eq(billingProfiles.user_id, userId))
    .returning();
  return { data: apiInfoOf(profile!), balances: await balancesOf(db, userId), message: MESSAGES.actionSaved };
}

/**
 * Uses `cost` API credits (1 or 2 per paid call): this month's free credits first, then bought ones; with
 * auto-refresh on, the smallest pack is bought from the balance when they run short. False when the call
 * cannot be paid for.
 */
export async function useApiCredits(db: Db, userId: number, cost: number): Promise<boolean> {
  await billingProfileOf(db, userId);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.user_id, userId))
      .for('update');
    let profile = locked!;
    if (profile.api_credits + profile.api_paid_credits < cost) {
      if (!profile.api_auto_refresh) return false;
      try {
        profile = await buyPack(tx, userId, API_TOKEN_PACKS[0].credits, true);
      } catch (error) {
        if (error instanceof ValidationError) return false;
        throw error;
      }
    }
    const free = Math.min(profile.api_credits, cost);
    await tx
      .update(billingProfiles)
      .set({
        api_credits: sql`${billingProfiles.api_credits} - ${free}`,
        api_paid_credits: sql`${billingProfiles.api_paid_credits} - ${cost - free}`,
      })
      .where(eq(billingProfiles.user_id, userId));
    return true;
  });
}

/** Job (monthly): everyone's free API credits start again at 500. */
export async function resetFreeCredits(db: Db, now = new Date()) {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  await db.update(billingProfiles).set({ api_credits: LIMITS.apiFreeCredits, api_credits_reset_at: month });
}
