import {
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_FILTER_TABS,
  CAMPAIGN_KEYWORDS_MAX,
  LIMITS,
  CAMPAIGN_MESSAGES,
  MESSAGES,
  ORDERABLE_PRODUCT_TYPES,
  PRODUCT_TYPES,
  fillMessage,
  keywordMessage,
  normalizeKeywordText,
  type Campaign,
  type CampaignListQuery,
  type CampaignStatus,
  type CreateCampaignBody,
} from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { countryOrFail, ownAppByPackage } from '../apps/apps.service.js';
import { ensureBillingProfile } from '../billing/profiles.repo.js';
import { dayPlan, priceOf, type Distribution } from './campaigns.plan.js';
import { settleDelivery } from './campaigns.delivery.js';
import { finish, launch, move } from './campaigns.lifecycle.js';
import * as repo from './campaigns.repo.js';

/** A status change or action and the statuses that allow it (ARCHITECTURE.md, Campaign lifecycle). */
export const ACTIONS = {
  start: ['draft', 'delayed'],
  pause: ['active'],
  resume: ['pause'],
  cancel: ['draft', 'delayed', 'moderation', 'pending', 'active', 'pause'],
  archive: ['completed', 'canceled', 'failed', 'rejected'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof ACTIONS;

export const ENGLISH_TEXT = /^[\x20-\x7E\t\r\n]*$/;

/** The campaign a valid body describes: app, country, plan, keywords and price. */
interface Prepared {
  appId: number;
  countryId: number;
  plan: number[];
  keywords: string[];
  installsTotal: number;
  unitPrice: string;
  price: string;
  startAt: Date | null;
  description: string;
}

/** Checks every rule of customer-area §5 for install campaigns and prices the body (422 / 404). */
export async function prepare(
  db: Db,
  userId: number,
  body: CreateCampaignBody,
  now: Date,
): Promise<Prepared> {
  if (!(ORDERABLE_PRODUCT_TYPES as readonly number[]).includes(body.productType))
    throw ValidationError.field('productType', CAMPAIGN_MESSAGES.campaignProductUnavailable);
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const isKeyword = body.productType === PRODUCT_TYPES.keyword;

  if (isKeyword && body.days > LIMITS.keywordInstallsMaxDays)
    fail('days', CAMPAIGN_MESSAGES.campaignKeywordDaysMax);
  if (!isKeyword && body.days > CAMPAIGN_DAYS_MAX) fail('days', CAMPAIGN_MESSAGES.campaignDaysMax);

  let plan: number[] = [];
  if (body.installsPlan) {
    if (body.installsPlan.length !== body.days) fail('installsPlan', CAMPAIGN_MESSAGES.campaignPlanLength);
    plan = body.installsPlan;
  } else if (body.days <= CAMPAIGN_DAYS_MAX) {
    plan = dayPlan(body.installs, body.days, body.distribution as Distribution);
  }
  const perKeyword = plan.reduce((a, b) => a + b, 0);
  if (perKeyword < LIMITS.installsMin * body.days)
    fail(
      'installs',
      fillMessage(CAMPAIGN_MESSAGES.campaignMinInstalls, {
        minInstalls: LIMITS.installsMin,
        days: body.days,
      }),
    );

  const keywords: string[] = [];
  if (isKeyword) {
    for (const raw of body.serializedChildKeywords ?? []) {
      const message = keywordMessage(raw);
      if (message && normalizeKeywordText(raw) === '') continue;
      if (message) {
        fail('serializedChildKeywords', message);
        continue;
      }
      const keyword = normalizeKeywordText(raw);
      if (!keywords.includes(keyword)) keywords.push(keyword);
    }
    if (!keywords.length && !errors.serializedChildKeywords)
      fail('serializedChildKeywords', MESSAGES.keywordsNotSelected);
    if (keywords.length > CAMPAIGN_KEYWORDS_MAX)
      fail('serializedChildKeywords', CAMPAIGN_MESSAGES.campaignKeywordsMax);
  }

  const description = body.description.trim();
  if (description.length > LIMITS.notesMax) fail('description', CAMPAIGN_MESSAGES.campaignNotesMax);
  else if (!ENGLISH_TEXT.test(description)) fail('description', CAMPAIGN_MESSAGES.campaignNotesEnglish);

  let startAt: Date | null = null;
  if (typeof body.start_at === 'string') {
    const text = body.start_at.trim();
    const time = Date.parse(text);
    if (!text) fail('start_at', CAMPAIGN_MESSAGES.campaignDateEmpty);
    else if (Number.isNaN(time)) fail('start_at', MESSAGES.dataNotValid);
    else if (time <= now.getTime() + LIMITS.delayedStartMinMinutes * 60_000)
      fail('start_at', CAMPAIGN_MESSAGES.campaignStartTooSoon);
    else startAt = new Date(time);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]![0]);

  const app = await ownAppByPackage(db, userId, body.appstore, body.packageId);
  const country = await countryOrFail(db, body.country.toUpperCase());
  await ensureBillingProfile(db, userId);
  const unitPrice = await repo.pricetagOf(db, userId, body.appstore, body.productType);
  if (!unitPrice) throw ValidationError.field('productType', CAMPAIGN_MESSAGES.productDisabled);
  const installsTotal = perKeyword * Math.max(1, keywords.length);
  return {
    appId: app.app.id,
    countryId: country.id,
    plan,
    keywords,
    installsTotal,
    unitPrice,
    price: priceOf(unitPrice, installsTotal),
    startAt,
    description,
  };
}

/** `POST campaigns/quote`: the price of a body, as the form shows it live. */
export async function quote(deps: Deps, userId: number, body: CreateCampaignBody, now = new Date()) {
  const prepared = await prepare(deps.db, userId, body, now);
  return {
    data: {
      unit_price: prepared.unitPrice,
      installs_total: prepared.installsTotal,
      price: prepared.price,
      sequence: prepared.plan,
    },
  };
}

/** The client's view of a campaign; with `details`, its orders and status history. */
export async function viewOf(db: Queryable, row: repo.CampaignWithRefs, details: boolean): Promise<Campaign> {
  const { campaign: c } = row;
  const view: Campaign = {
    id: c.id,
    price: c.price,
    unit_price: c.unit_price,
    status: c.status as CampaignStatus,
    type: c.product_type,
    app: row.app,
    appstore: c.appstore,
    package: c.package,
    country: row.country,
    days: c.days,
    installs: c.installs,
    installs_total: c.installs_total,
    installs_actual: c.installs_actual,
    start_at: c.start_at?.toISOString() ?? null,
    started_at: c.started_at?.toISOString() ?? null,
    finished_at: c.finished_at?.toISOString() ?? null,
    vendor: c.vendor,
    description: c.description,
    deliveryType: c.settings.deliveryType,
    promotionRule: c.settings.promotionRule,
    distribution: c.settings.distribution as Distribution,
    installsPlan: c.settings.installsPlan,
    keywords: c.settings.keywords,
    is_legacy: c.is_legacy,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
  if (!details) return view;
  const [orders, history] = await Promise.all([repo.ordersOf(db, c.id), repo.historyOf(db, c.id)]);
  view.orders = orders.map((order) => ({
    id: order.id,
    type: order.type,
    keyword: order.keyword,
    installs_total: order.installs_total,
    installs_actual: order.installs_actual,
    sequence: order.days.map((day) => ({
      day: day.day,
      installs_total: day.installs_total,
      installs_actual: day.installs_actual,
    })),
  }));
  view.status_history = history.map((h) => ({
    from: h.from_status as CampaignStatus | null,
    to: h.to_status as CampaignStatus,
    actor_id: h.actor_id,
    reason: h.reason,
    at: h.created_at.toISOString(),
  }));
  return view;
}

async function detailsOf(db: Db, userId: number, id: number): Promise<Campaign> {
  const row = await repo.findCampaign(db, userId, id);
  if (!row) throw new NotFoundError();
  return viewOf(db, row, true);
}

/** 409 naming the status when the action is not one the campaign's status allows. */
export function allowIn(row: repo.CampaignRow, statuses: readonly string[]) {
  if (!statuses.includes(row.status))
    throw new ConflictError(fillMessage(CAMPAIGN_MESSAGES.campaignActionNotAllowed, { status: row.status }));
}

/** Queues the job that starts a delayed campaign at its time (after the transaction has committed). */
async function scheduleStart(deps: Deps, row: repo.CampaignRow) {
  if (row.status === 'delayed' && row.start_at)
    await deps.jobs.send('campaigns.start', { campaignId: row.id }, { startAfter: row.start_at });
}

/** `POST campaigns`: a draft (`draft #{id}`), or an order that starts now or is delayed. */
export async function createCampaign(deps: Deps, userId: number, body: CreateCampaignBody, now = new Date()) {
  const prepared = await prepare(deps.db, userId, body, now);
  const row = await deps.db.transaction(async (tx) => {
    const draft = await repo.insertCampaign(tx, {
      user_id: userId,
      app_id: prepared.appId,
      appstore: body.appstore,
      package: body.packageId,
      country_id: prepared.countryId,
      product_type: body.productType,
      status: 'draft',
      days: body.days,
      installs: body.installs,
      installs_total: prepared.installsTotal,
      unit_price: prepared.unitPrice,
      price: prepared.price,
      description: prepared.description,
      start_at: prepared.startAt,
      settings: {
        deliveryType: body.deliveryType,
        promotionRule: body.promotionRule,
        distribution: body.distribution,
        keywords: prepared.keywords,
        installsPlan: body.installsPlan ?? null,
      },
    });
    const orders = prepared.keywords.length
      ? prepared.keywords.map((keyword) => ({ type: body.productType, keyword, plan: prepared.plan }))
      : [{ type: body.productType, keyword: null, plan: prepared.plan }];
    await repo.insertOrders(tx, draft.id, orders);
    await repo.addHistory(tx, draft.id, null, 'draft', userId);
    return body.draft ? draft : launch(tx, draft, userId, now);
  });
  await scheduleStart(deps, row);
  const message = body.draft
    ? fillMessage(CAMPAIGN_MESSAGES.campaignDraftSaved, { id: row.id })
    : CAMPAIGN_MESSAGES.campaignOrdered;
  return { data: await detailsOf(deps.db, userId, row.id), message };
}

/** `GET campaigns/{id}`. */
export async function getCampaign(deps: Deps, userId: number, id: number) {
  return { data: await detailsOf(deps.db, userId, id) };
}

/** Runs an action on the user's campaign under its row lock; 404 for another user's, 409 when not allowed. */
export async function act(deps: Deps, userId: number, id: number, action: CampaignAction, now = new Date()) {
  const speed = deps.config.vendorSandboxSpeed;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockCampaign(tx, id, userId);
    if (!locked) throw new NotFoundError();
    allowIn(locked, ACTIONS[action]);
    switch (action) {
      case 'start':
        return launch(tx, locked, userId, now);
      case 'pause': {
        const settled = await settleDelivery(tx, locked, now, speed, userId);
        if (settled.status !== 'active') return settled;
        return move(tx, settled, 'pause', userId, { clock_at: null });
      }
      case 'resume':
        return move(tx, locked, 'active', userId, { clock_at: now });
      case 'cancel':
        return finish(tx, await settleDelivery(tx, locked, now, speed, userId), 'canceled', userId, now);
      case 'archive':
        return move(tx, locked, 'archived', userId);
    }
  });
  await scheduleStart(deps, row);
  return { data: await detailsOf(deps.db, userId, row.id), message: MESSAGES.actionSaved };
}

/** `POST campaigns/{id}/clone`: a new draft with the same app, plan and settings, priced from today's pricetags. */
export async function cloneCampaign(deps: Deps, userId: number, id: number) {
  const source = await repo.findCampaign(deps.db, userId, id);
  if (!source) throw new NotFoundError();
  const c = source.campaign;
  const unitPrice = (await repo.pricetagOf(deps.db, userId, c.appstore, c.product_type)) ?? c.unit_price;
  const orders = await repo.ordersOf(deps.db, c.id);
  const created = await deps.db.transaction(async (tx) => {
    const draft = await repo.insertCampaign(tx, {
      user_id: userId,
      app_id: c.app_id,
      appstore: c.appstore,
      package: c.package,
      country_id: c.country_id,
      product_type: c.product_type,
      status: 'draft',
      days: c.days,
      installs: c.installs,
      installs_total: c.installs_total,
      unit_price: unitPrice,
      price: priceOf(unitPrice, c.installs_total),
      description: c.description,
      settings: c.settings,
    });
    await repo.insertOrders(
      tx,
      draft.id,
      orders.map((order) => ({
        type: order.type,
        keyword: order.keyword,
        plan: order.days.map((day) => day.installs_total),
      })),
    );
    await repo.addHistory(tx, draft.id, null, 'draft', userId, `Cloned from #${c.id}`);
    return draft;
  });
  return {
    data: await detailsOf(deps.db, userId, created.id),
    message: fillMessage(CAMPAIGN_MESSAGES.campaignDraftSaved, { id: created.id }),
  };
}

/** `POST campaigns/all/archive`: every finished campaign of the user goes to the archive. */
export async function archiveAll(deps: Deps, userId: number) {
  const count = await deps.db.transaction(async (tx) => {
    const rows = await repo.lockUserCampaignsIn(tx, userId, [...ACTIONS.archive]);
    for (const row of rows) {
      await repo.updateCampaign(tx, row.id, { status: 'archived' });
      await repo.addHistory(tx, row.id, row.status as CampaignStatus, 'archived', userId);
    }
    return rows.length;
  });
  return { message: CAMPAIGN_MESSAGES.campaignsArchived, count };
}

/** `GET campaigns`: a page (or, with `isExport`, every row) of a status tab, with the tabs' counts. */
export async function listCampaigns(deps: Deps, userId: number, query: CampaignListQuery) {
  const [{ rows, total }, byStatus] = await Promise.all([
    repo.pageCampaigns(deps.db, userId, query),
    repo.statusCounts(deps.db, userId, query),
  ]);
  const counts = Object.fromEntries(CAMPAIGN_FILTER_TABS.map((tab) => [tab, 0])) as Record<
    (typeof CAMPAIGN_FILTER_TABS)[number],
    number
  >;
  for (const { status, count } of byStatus) {
    const tab = status === 'pause' ? 'paused' : (status as (typeof CAMPAIGN_FILTER_TABS)[number]);
    if (tab in counts) counts[tab] += count;
    if (status !== 'archived') counts.all += count;
  }
  const data = await Promise.all(rows.map((row) => viewOf(deps.db, row, false)));
  const perPage = query.isExport ? Math.max(1, total) : query.limit;
  return { data, meta: pageMeta(total, query.isExport ? 1 : query.page, perPage), counts };
}
