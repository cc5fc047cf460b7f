import {
  DAY_MS,
  PRODUCT_TYPES,
  cpiPlanOf,
  formatMoney,
  parseMoney,
  type CpiCampaign,
  type CpiPlan,
  type CreateCampaignBody,
} from '@storelift/shared';
import type { Db, Queryable } from '../../../db/client.js';
import { heldOf, plannedInstalls } from './campaigns.cpi-charging.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import * as repo from '../campaigns.repo.js';
import { notesAndStartOf, type Prepared } from '../campaigns.rules.js';
import { orderTarget } from '../order/target.js';

/**
 * Plans a CPI body the shared `orderFieldErrors` has passed (customer-area §5 CPI, the notes and the
 * delayed start): the target CPI is the unit price, the start charge (twice the daily budget, §9) the price, and one
 * order plans the installs the daily budget buys each day (none ahead when unlimited).
 */
export async function prepareCpi(db: Db, userId: number, body: CreateCampaignBody): Promise<Prepared> {
  const { description, startAt } = notesAndStartOf(body);

  // CPI has no per-install price (the customer sets the target); the pricetag is the product's switch.
  const { appId, countryId } = await orderTarget(db, userId, body);
  const cpi = cpiPlanOf(body);
  const days = cpi.days ?? 0;
  const perDay = plannedInstalls(cpi.dailyBudget, cpi.targetCpi);
  const plan = Array<number>(days).fill(perDay);
  return {
    appId,
    countryId,
    days,
    plan,
    orders: [{ keyword: null, plan }],
    installs: perDay,
    installsTotal: perDay * days,
    unitPrice: cpi.targetCpi,
    price: formatMoney(parseMoney(cpi.dailyBudget) * 2n),
    startAt,
    description,
    settings: {
      deliveryType: body.deliveryType,
      promotionRule: body.promotionRule,
      distribution: body.distribution,
      keywords: [],
      installsPlan: null,
    },
    reviews: [],
    cpi,
  };
}

/** The `campaign_cpi` row of a campaign's CPI plan (no refund pending). */
export function cpiValues(campaignId: number, cpi: CpiPlan): cpiRepo.NewCpi {
  return {
    campaign_id: campaignId,
    daily_budget: cpi.dailyBudget,
    unlimited: cpi.days === null,
    geo: cpi.geo,
    levels: cpi.levels,
    countries: cpi.countries,
    languages: cpi.languages,
    headline1: cpi.headline1,
    headline2: cpi.headline2,
    ad_text: cpi.adText,
    deeplink: cpi.deeplink,
  };
}

/**
 * Makes a clone of a CPI campaign one: its CPI part (nothing spent, no refund of its own), the source's budget terms
 * (start charge, target CPI, not a pricetag) and a fresh plan.
 */
export async function cloneCpi(db: Queryable, source: repo.CampaignRow, draftId: number) {
  const cpi = await cpiRepo.findCpi(db, source.id);
  if (!cpi) return;
  await cpiRepo.insertCpi(db, {
    ...cpi,
    campaign_id: draftId,
    spent: '0',
    refund_due_at: null,
    refunded_at: null,
  });
  const plan = Array<number>(source.days).fill(source.installs);
  await repo.updateCampaign(db, draftId, {
    unit_price: source.unit_price,
    price: source.price,
    installs_total: source.installs * source.days,
  });
  await repo.deleteOrders(db, draftId);
  await repo.insertOrders(db, draftId, [{ type: PRODUCT_TYPES.cpi, keyword: null, plan }]);
}

/** The CPI part of a campaign's details, or undefined for a campaign without one. */
export async function cpiViewOf(db: Queryable, row: repo.CampaignRow): Promise<CpiCampaign | undefined> {
  const cpi = await cpiRepo.findCpi(db, row.id);
  if (!cpi) return undefined;
  const held = heldOf(row, cpi);
  return {
    daily_budget: cpi.daily_budget,
    target_cpi: row.unit_price,
    days: cpi.unlimited ? null : row.days,
    unlimited_duration: cpi.unlimited,
    geo: cpi.geo,
    levels: cpi.levels,
    countries: cpi.countries,
    languages: cpi.languages,
    headline1: cpi.headline1,
    headline2: cpi.headline2,
    description: cpi.ad_text,
    deeplink: cpi.deeplink,
    spent: formatMoney(parseMoney(cpi.spent)),
    prepaid_left: formatMoney(held > 0n ? held : 0n),
    unpaid: formatMoney(held < 0n ? -held : 0n),
    days_settled: Math.floor(row.progress_ms / DAY_MS),
    refund_due_at: cpi.refund_due_at?.toISOString() ?? null,
    refunded_at: cpi.refunded_at?.toISOString() ?? null,
  };
}
