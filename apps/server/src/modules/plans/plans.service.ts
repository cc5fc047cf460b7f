import { PLAN_DEFINITIONS } from './plans.data.js';
import {
  DEFAULT_LOCALE,
  MESSAGES,
  formatMoney,
  maxMoney,
  parseMoney,
  type CurrentPlanResponse,
  type Locale,
  type PlanRef,
  type PricePlan,
  type Pricetag,
} from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { billingProfileOf } from './profiles.repo.js';
import { refuseSelfOrStaff } from '../users/staff-accounts.js';
import { userExists } from '../users/users.repo.js';
import { localizeText } from '../reference/reference-texts.js';
import * as repo from './plans.repo.js';

const refOf = (plan: repo.PricePlanRow, locale: Locale): PlanRef => ({
  id: plan.id,
  name: localizeText(locale, plan.name),
  threshold: plan.threshold,
});

/** The plan after this one on its ladder (customers' or resellers'), or null at the top. */
function nextOf(plans: repo.PricePlanRow[], plan: repo.PricePlanRow): repo.PricePlanRow | null {
  return (
    plans
      .filter((other) => other.is_reseller === plan.is_reseller && other.sort > plan.sort)
      .sort((a, b) => a.sort - b.sort)[0] ?? null
  );
}

const toPricetag = (row: repo.PricetagRow): Pricetag => ({
  is_active: row.is_active,
  appstore_id: row.appstore as 1 | 2,
  type: row.type,
  price: row.price,
});

/** `GET priceplans`: every plan with its next one and its price table (`limit` 0 = all). */
export async function listPlans(
  db: Db,
  query: { limit: number; page: number },
  locale: Locale = DEFAULT_LOCALE,
) {
  const [plans, prices] = await Promise.all([repo.listPlans(db), repo.listPlanPrices(db)]);
  const data: PricePlan[] = plans.map((plan) => {
    const next = nextOf(plans, plan);
    return {
      id: plan.id,
      name: localizeText(locale, plan.name),
      threshold: plan.threshold,
      discount: plan.discount,
      is_reseller: plan.is_reseller,
      next: next && refOf(next, locale),
      prices: prices
        .filter((price) => price.plan_id === plan.id)
        .map((price) => ({ appstore_id: price.appstore as 1 | 2, type: price.type, price: price.price })),
    };
  });
  const perPage = query.limit || Math.max(data.length, 1);
  const page = query.limit ? data.slice((query.page - 1) * perPage, query.page * perPage) : data;
  return { data: page, meta: pageMeta(data.length, query.limit ? query.page : 1, perPage) };
}

/** `GET priceplans/current`: the user's plan, the next one, the total paid and the progress to it. */
export async function currentPlan(
  db: Db,
  userId: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<CurrentPlanResponse> {
  const profile = await billingProfileOf(db, userId);
  const [plans, tags] = await Promise.all([repo.listPlans(db), repo.pricetagsOf(db, userId)]);
  const plan = plans.find((row) => row.id === profile.price_plan_id)!;
  // Reseller plans are moved by staff: the next plan is shown, with no countdown to it.
  const next = nextOf(plans, plan);
  const total = parseMoney(profile.total_payments);
  let left: bigint | null = null;
  let progress = 100;
  if (next && !plan.is_reseller) {
    const from = parseMoney(plan.threshold);
    const to = parseMoney(next.threshold);
    left = maxMoney(to - total, 0n);
    progress =
      to > from ? Math.min(100, Math.round(Number(((total - from) * 10_000n) / (to - from)) / 100)) : 100;
  } else if (next) progress = 0;
  return {
    data: {
      id: plan.id,
      name: localizeText(locale, plan.name),
      threshold: plan.threshold,
      discount: plan.discount,
      is_reseller: plan.is_reseller,
      next: next && refOf(next, locale),
      total_payments: profile.total_payments,
      left_to_next: left === null ? null : formatMoney(left),
      progress: Math.max(0, progress),
      pricetags: tags.map(toPricetag),
    },
  };
}

/**
 * Moves the user up to the highest customer plan the credited total reaches (never down, never off a
 * reseller plan), copying its prices into the user's pricetags. Runs in the crediting transaction; the
 * ladder is the code's (PLAN_DEFINITIONS), so the common case costs no query.
 */
export async function upgradePlanIfDue(tx: Queryable, userId: number, total: string, currentPlanId: number) {
  const current = PLAN_DEFINITIONS.find((plan) => plan.id === currentPlanId);
  if (!current || current.is_reseller) return;
  const reached = parseMoney(total);
  const ladder = PLAN_DEFINITIONS.filter((plan) => !plan.is_reseller);
  const target = ladder.filter((plan) => parseMoney(plan.threshold) <= reached).at(-1);
  if (!target || ladder.indexOf(target) <= ladder.indexOf(current)) return;
  await repo.syncPricetags(tx, userId, target.id);
}

/** The user's billing profile, if staff may change their plan: a customer's, never their own (403). */
async function staffTarget(db: Db, actorId: number, userId: number) {
  if (!(await userExists(db, userId))) throw new NotFoundError();
  await refuseSelfOrStaff(db, actorId, userId);
  return billingProfileOf(db, userId);
}

/** Staff: puts the user on a plan (the only way onto a reseller plan) and syncs the pricetags. */
export async function setUserPlan(db: Db, actorId: number, userId: number, planId: number) {
  const plan = await repo.findPlan(db, planId);
  if (!plan) throw new NotFoundError();
  const profile = await staffTarget(db, actorId, userId);
  await db.transaction(async (tx) => {
    await repo.syncPricetags(tx, userId, plan.id);
    await audit(tx, {
      action: 'plans.set-user-plan',
      target: { type: 'user', id: userId, userId },
      before: { priceplan_id: profile.price_plan_id },
      after: { priceplan_id: plan.id },
    });
  });
  return { data: (await repo.pricetagsOf(db, userId)).map(toPricetag), message: MESSAGES.actionSaved };
}

/** Staff: copies the user's plan prices into the pricetags again (after a price change). */
export async function syncUserPricetags(db: Db, actorId: number, userId: number) {
  const profile = await staffTarget(db, actorId, userId);
  await db.transaction(async (tx) => {
    await repo.syncPricetags(tx, userId, profile.price_plan_id);
    await audit(tx, {
      action: 'plans.sync-pricetags',
      target: { type: 'user', id: userId, userId },
      after: { priceplan_id: profile.price_plan_id },
    });
  });
  return { data: (await repo.pricetagsOf(db, userId)).map(toPricetag), message: MESSAGES.actionSaved };
}
