import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PACKS,
  API_TOKEN_PREFIX,
  LIMITS,
  MESSAGES,
  parseMoney,
  type ApiInfo,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { balancesOf, charge, type Tx } from '../ledger/ledger.js';
import { billingProfileOf, type BillingProfileRow } from '../plans/profiles.repo.js';
import * as repo from './api-credits.repo.js';

/** The API part of a billing profile as the client sees it (the token only masked). */
export function apiInfoOf(profile: BillingProfileRow): ApiInfo {
  return {
    key: profile.api_token_hint ? `${API_TOKEN_PREFIX.live}…${profile.api_token_hint}` : null,
    test_key: profile.api_test_token_hint ? `${API_TOKEN_PREFIX.test}…${profile.api_test_token_hint}` : null,
    credits: profile.api_credits,
    paid_credits: profile.api_paid_credits,
    free_monthly: LIMITS.apiFreeCredits,
    auto_refresh: profile.api_auto_refresh,
    reset_at: profile.api_credits_reset_at?.toISOString() ?? null,
    packs: API_TOKEN_PACKS.map((pack) => ({ credits: pack.credits, price: pack.price })),
  };
}

/**
 * `POST users/profile/change-api-token` (`mode` live) and `change-api-test-token` (`mode` test): a new token
 * replaces the old one of its kind at once. It is answered in full this once; only its SHA-256 and last 4
 * characters are kept.
 */
export async function changeApiToken(db: Db, userId: number, mode: 'live' | 'test' = 'live') {
  await billingProfileOf(db, userId);
  const token = `${API_TOKEN_PREFIX[mode]}${randomBytes(24).toString('base64url')}`;
  const [hash, hint] = [hashToken(token), token.slice(-4)];
  const profile = await repo.setToken(db, userId, mode, { hash, hint });
  return { api_token: token, data: apiInfoOf(profile), message: MESSAGES.apiTokenCreated };
}

/** Buys a pack inside a transaction: the price is charged (bonus first), the credits added. */
async function buyPack(tx: Tx, userId: number, credits: number, automatic: boolean) {
  const pack = API_TOKEN_PACKS.find((candidate) => candidate.credits === credits);
  if (!pack) throw ValidationError.field('credits', MESSAGES.apiPackInvalid);
  const purchaseId = await repo.insertPurchase(tx, {
    user_id: userId,
    credits,
    price: pack.price,
    automatic,
  });
  await charge(tx, userId, parseMoney(pack.price), {
    type: 'api_tokens_purchase',
    reference: { type: 'api_purchase', id: purchaseId },
    text: { key: automatic ? 'apiCreditsAuto' : 'apiCredits', params: { count: credits } },
  });
  return repo.addPaidCredits(tx, userId, credits);
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
  const profile = await repo.setAutoRefresh(db, userId, autoRefresh);
  return { data: apiInfoOf(profile), balances: await balancesOf(db, userId), message: MESSAGES.actionSaved };
}

/** Credits left below which auto-refresh buys the smallest pack (docs/public-api.md, Credits). */
export const AUTO_REFRESH_BELOW = 100;

/**
 * Job `api-credits.refill`: with auto-refresh on and fewer than `AUTO_REFRESH_BELOW` credits left, buys the
 * smallest pack from the balance through the ledger. Checked again under the profile's row lock, so a job
 * that runs twice buys once; a short balance buys nothing (the calls answer 402 until a top-up).
 */
export async function refillApiCredits(db: Db, userId: number): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const profile = await repo.lockProfile(tx, userId);
      if (!profile?.api_auto_refresh) return false;
      if (profile.api_credits + profile.api_paid_credits >= AUTO_REFRESH_BELOW) return false;
      await buyPack(tx, userId, API_TOKEN_PACKS[0].credits, true);
      return true;
    });
  } catch (error) {
    if (error instanceof ValidationError) return false;
    throw error;
  }
}

/** Job (monthly): everyone's free API credits start again at 500. */
export async function resetFreeCredits(db: Db, now = new Date()) {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  await repo.resetFreeCredits(db, LIMITS.apiFreeCredits, month);
}
