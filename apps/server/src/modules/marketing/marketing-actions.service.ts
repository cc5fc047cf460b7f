import {
  MARKETING_ACTION_KINDS,
  CAMPAIGN_MESSAGES,
  MARKETING_MESSAGES,
  MESSAGES,
  formatMoney,
  parseMoney,
  percentOf,
  type AdminMarketingAction,
  type BonusTier,
  type Money,
  type marketingActionBodySchema,
  type marketingActionListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import type { CampaignDiscountTerms } from '../../db/schema/campaigns.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { readMarketingMaxPercent, setMarketingMaxPercent } from '../core-settings/core-settings.repo.js';
import * as repo from './marketing-actions.repo.js';

type Body = z.output<typeof marketingActionBodySchema>;
type Query = z.output<typeof marketingActionListQuerySchema>;

/** The tier reached by `amount` (thresholds inclusive, the highest wins), or undefined. */
export function tierFor(tiers: readonly BonusTier[], amount: Money): BonusTier | undefined {
  return [...tiers]
    .sort((a, b) => (parseMoney(b.from) > parseMoney(a.from) ? 1 : -1))
    .find((candidate) => amount >= parseMoney(candidate.from));
}

/** A running campaign discount as the price computation applies it. */
export interface CampaignDiscount {
  action_id: number;
  name: string;
  text: string;
  /** Percent, money-scaled ("10.0000"). */
  percent: string;
  /** All the action's thresholds: the delivered part of a stopped campaign is re-priced by them. */
  tiers: BonusTier[];
}

/**
 * The discount the running `campaign` action gives a campaign of the audience whose undiscounted price is
 * `listPrice` (its tier by that price), or null (docs/marketing.md, Discounts).
 */
export async function campaignDiscount(
  db: Db,
  audience: Required<repo.Audience>,
  listPrice: Money,
  at = new Date(),
): Promise<CampaignDiscount | null> {
  return discountOf(await repo.runningAction(db, 'campaign', audience, at), listPrice);
}

/** campaignDiscount() of an action already read (an order reads it with its target), or null. */
export function discountOf(
  action: repo.RunningDiscountAction | null | undefined,
  listPrice: Money,
): CampaignDiscount | null {
  const tier = action && tierFor(action.tiers, listPrice);
  if (!action || !tier) return null;
  return {
    action_id: action.id,
    name: action.name,
    text: action.text,
    percent: tier.percent,
    tiers: action.tiers,
  };
}

/**
 * A unit price less a discount percent, in exact ten-thousandths. A discount that leaves nothing to pay (an
 * admin's 100 %, or a price too small for the percent) refuses the order with 422: nothing is charged free.
 */
export function discountedUnitPrice(unitPrice: string, percent: string): string {
  const unit = parseMoney(unitPrice);
  const off = percentOf(unit, parseMoney(percent));
  if (off >= unit) throw ValidationError.field('price', CAMPAIGN_MESSAGES.campaignDiscountLeavesNothing);
  return formatMoney(unit - off);
}

/**
 * The unit price of the `delivered` installs of a campaign ordered with the `discount` (charged at
 * `unitPrice`): the tier the whole order reached stays only as far as the delivered part reaches it alone,
 * by the thresholds kept with the order (an older campaign: the action's now, or its own price once the
 * action is gone). Never a deeper discount than the order's; no tier reached, the list price.
 */
export async function deliveredUnitPrice(
  db: Queryable,
  discount: CampaignDiscountTerms,
  unitPrice: string,
  delivered: number,
): Promise<string> {
  const tiers = discount.tiers ?? (await repo.findAction(db, discount.action_id))?.tiers;
  if (!tiers) return unitPrice;
  const tier = tierFor(tiers, parseMoney(discount.list_unit_price) * BigInt(delivered));
  if (!tier) return discount.list_unit_price;
  if (parseMoney(tier.percent) >= parseMoney(discount.percent)) return unitPrice;
  return discountedUnitPrice(discount.list_unit_price, tier.percent);
}

function isCurrent(row: repo.MarketingActionRow, now: Date) {
  return row.is_active && row.starts_at <= now && (row.ends_at === null || row.ends_at > now);
}

function view(row: repo.MarketingActionRow, now = new Date()): AdminMarketingAction {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    text: row.text,
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at?.toISOString() ?? null,
    store: row.store,
    countries: row.countries,
    products: row.products,
    price_plans: row.price_plans,
    tiers: row.tiers,
    is_active: row.is_active,
    current: isCurrent(row, now),
    created_at: row.created_at.toISOString(),
  };
}

const auditView = (row: repo.MarketingActionRow) => {
  const { created_at: _created, updated_at: _updated, ...rest } = row;
  return { ...rest, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at?.toISOString() ?? null };
};

/** `GET marketing-actions` (staff): a page by type, country, running now and name; default start descending. */
export async function listActions(db: Db, query: Query) {
  const { rows, total } = await repo.listActions(
    db,
    { type: query.type, country: query.country, current: query.current, search: query.search },
    { by: query.orderBy, direction: query.sortBy },
    query,
  );
  const now = new Date();
  return { data: rows.map((row) => view(row, now)), meta: pageMeta(total, query.page, query.limit) };
}

/** `GET marketing-actions/filters`: the types, the countries and products actions name, the price plans. */
export async function filters(db: Db) {
  const [used, plans] = await Promise.all([repo.usedValues(db), repo.pricePlanChoices(db)]);
  return { data: { types: [...MARKETING_ACTION_KINDS], ...used, price_plans: plans } };
}

/** `GET marketing-actions/{id}` (staff). */
export async function getAction(db: Db, id: number) {
  const row = await repo.findAction(db, id);
  if (!row) throw new NotFoundError(MARKETING_MESSAGES.actionNotFound);
  return { data: view(row), message: '' };
}

/** The row values of a body: a payment bonus names no store and no products (they are campaign terms). */
function valuesOf(body: Body): repo.NewMarketingAction {
  const bonus = body.type === 'payment';
  return {
    type: body.type,
    name: body.name,
    text: body.text,
    starts_at: body.starts_at,
    ends_at: body.ends_at,
    store: bonus ? null : body.store,
    countries: [...new Set(body.countries)].sort(),
    products: bonus ? [] : [...new Set(body.products)].sort((a, b) => a - b),
    price_plans: [...new Set(body.price_plans)].sort((a, b) => a - b),
    tiers: body.tiers
      .map((tier) => ({ from: formatMoney(tier.from), percent: formatMoney(tier.percent) }))
      .sort((a, b) => (parseMoney(a.from) < parseMoney(b.from) ? -1 : 1)),
    is_active: body.is_active,
  };
}

/**
 * Refuses (422) a tier above the marketing percent limit unless an admin sets it, plans that do not exist and
 * an action meeting another of its type for the same audience.
 */
async function checkAction(
  tx: Queryable,
  values: repo.NewMarketingAction,
  byAdmin: boolean,
  exceptId?: number,
) {
  const max = await readMarketingMaxPercent(tx);
  const above = (values.tiers ?? []).findIndex((tier) => parseMoney(tier.percent) > max);
  if (above >= 0 && !byAdmin)
    throw ValidationError.field(`tiers.${above}.percent`, {
      code: 'marketing.actionPercentAboveLimit',
      params: { max: formatPercent(max) },
    });
  const plans = values.price_plans ?? [];
  if (plans.length) {
    const known = await repo.pricePlanIds(tx);
    if (plans.some((id) => !known.has(id))) throw ValidationError.field('price_plans', MESSAGES.dataNotValid);
  }
  if (values.is_active === false) return;
  await repo.lockActions(tx);
  const other = await repo.overlappingAction(tx, values, exceptId);
  if (other)
    throw ValidationError.field('starts_at', {
      code: 'marketing.actionOverlap',
      params: { name: other.name },
    });
}

/** `POST marketing-actions`. */
export async function createAction(db: Db, body: Body, byAdmin: boolean) {
  const values = valuesOf(body);
  const row = await db.transaction(async (tx) => {
    await checkAction(tx, values, byAdmin);
    const created = await repo.insertAction(tx, values);
    await audit(tx, {
      action: 'marketing-actions.create',
      target: { type: 'marketing_action', id: created.id },
      after: auditView(created),
    });
    return created;
  });
  return { data: view(row), message: MARKETING_MESSAGES.actionSaved };
}

/**
 * `PUT marketing-actions/{id}`: applies from now on. A payment keeps the bonus its checkout promised and a
 * campaign the price it was given, so an edit never changes money already owed or charged.
 */
export async function updateAction(db: Db, id: number, body: Body, byAdmin: boolean) {
  const values = valuesOf(body);
  const row = await db.transaction(async (tx) => {
    const before = await repo.findAction(tx, id, true);
    if (!before) throw new NotFoundError(MARKETING_MESSAGES.actionNotFound);
    await checkAction(tx, values, byAdmin, id);
    const after = await repo.updateAction(tx, id, values);
    await audit(tx, {
      action: 'marketing-actions.update',
      target: { type: 'marketing_action', id },
      before: auditView(before),
      after: auditView(after!),
    });
    return after!;
  });
  return { data: view(row), message: MARKETING_MESSAGES.actionSaved };
}

/** `DELETE marketing-actions/{id}`. */
export async function deleteAction(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteAction(tx, id);
    if (!row) throw new NotFoundError(MARKETING_MESSAGES.actionNotFound);
    await audit(tx, {
      action: 'marketing-actions.delete',
      target: { type: 'marketing_action', id },
      before: auditView(row),
    });
  });
  return { message: MARKETING_MESSAGES.actionDeleted, count: 1 };
}

/** A percent as staff type it: "50", "12.5". */
const formatPercent = (percent: Money) => formatMoney(percent).replace(/\.?0+$/, '');

/** `GET marketing-settings`: the marketing percent limit. */
export async function marketingSettings(db: Db) {
  return { data: { max_percent: formatPercent(await readMarketingMaxPercent(db)) } };
}

/** `PUT marketing-settings` (admin): sets the limit; actions already saved keep their tiers. */
export async function changeMarketingSettings(db: Db, maxPercent: Money) {
  await db.transaction(async (tx) => {
    const before = await readMarketingMaxPercent(tx);
    if (before === maxPercent) return;
    await setMarketingMaxPercent(tx, maxPercent);
    await audit(tx, {
      action: 'settings.marketing',
      target: { type: 'settings', id: 'marketing_max_percent' },
      before: { max_percent: formatPercent(before) },
      after: { max_percent: formatPercent(maxPercent) },
    });
  });
  return { ...(await marketingSettings(db)), message: MARKETING_MESSAGES.marketingSettingsSaved };
}
