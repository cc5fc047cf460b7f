import {
  CAMPAIGN_ACTIONS,
  EDITABLE_STATUSES,
  CAMPAIGN_FILTER_TABS,
  CAMPAIGN_MESSAGES,
  MESSAGES,
  type InstallDistribution,
  PRODUCT_TYPES,
  fillMessage,
  mergeImpressions,
  parseMoney,
  tabOfStatus,
  type Campaign,
  type CampaignAction,
  type CampaignFilterTab,
  type CampaignListQuery,
  type CampaignStatus,
  type CampaignToggleBody,
  type CreateCampaignBody,
} from '@storelift/shared';
import { discountedUnitPrice } from '../marketing/marketing-actions.service.js';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { priceOf } from './campaigns.plan.js';
import { followOnAdNetwork, pauseCampaign, settleDelivery } from './delivery/campaigns.delivery.js';
import { finish, move, settleEditPrice } from './delivery/campaigns.lifecycle.js';
import { guaranteeUntil, hasReviews, moderationUntil } from './campaigns.reviews.js';
import { guaranteeOf } from './delivery/campaigns.guarantee.js';
import { requireOrderable } from '../reference/orderable-products.js';
import * as repo from './campaigns.repo.js';
import { quoteOf, rowValues, type PlannedOrder } from './campaigns.rules.js';
import { cloneCpi, cpiViewOf } from './cpi/campaigns.cpi.js';
import * as cpiRepo from './cpi/campaigns.cpi-repo.js';
import { withCpiSummaries } from './cpi/campaigns.cpi-report.js';
import { begin, insertOrder, newOrders, writeExtras } from './order/insert.js';
import { smartOrders } from './order/plan.js';
import { prepare } from './order/prepare.js';
import { discountTerms } from './order/price.js';
import { cancelCpi, resumeCampaign, scheduleCpiRefund } from './cpi/campaigns.cpi-charging.js';

/** `POST campaigns/quote`: the price of a body, as the form shows it live. */
export async function quote(deps: Deps, userId: number, body: CreateCampaignBody, now = new Date()) {
  return quoteOf(await prepare(deps, userId, body, now, 'quote'));
}

/** The client's view of a campaign, as lists show it. */
export function viewOf(row: repo.CampaignWithRefs): Campaign {
  const { campaign: c } = row;
  return {
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
    // Customers never see who delivers (staff's view names the vendor: campaigns.admin.ts).
    vendor: '',
    description: c.description,
    deliveryType: c.settings.deliveryType,
    promotionRule: c.settings.promotionRule,
    distribution: c.settings.distribution as InstallDistribution,
    installsPlan: c.settings.installsPlan,
    keywords: c.settings.keywords,
    is_legacy: c.is_legacy,
    favorite: c.favorite,
    rateType: c.settings.rateType ?? null,
    reviewMode: c.settings.reviewMode ?? null,
    gender: (c.settings.gender as Campaign['gender']) ?? null,
    language: (c.settings.language as Campaign['language']) ?? null,
    checkedTerms: c.settings.checkedTerms ?? false,
    smart: c.settings.smart ?? false,
    budget: c.settings.budget ?? null,
    moderation_until: moderationUntil(c)?.toISOString() ?? null,
    guarantee_until: guaranteeUntil(c)?.toISOString() ?? null,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

/**
 * A campaign's details with its orders (type 8 merged), whole status history, review texts, CPI part and
 * review guarantee (monitored where the store can check reviews); staff see it so, the customer through
 * `detailsOf`.
 */
export async function detailsViewOf(
  deps: Pick<Deps, 'db' | 'store'>,
  row: repo.CampaignDetailsRow,
): Promise<Campaign> {
  const { db } = deps;
  const { campaign: c } = row;
  const [reviews, cpi, guarantee] = await Promise.all([
    hasReviews(c.product_type) ? repo.reviewsOf(db, c.id) : [],
    c.product_type === PRODUCT_TYPES.cpi ? cpiViewOf(db, c) : undefined,
    c.product_type === PRODUCT_TYPES.hqReview ? guaranteeOf(db, c.id, deps.store.canCheckReviews) : undefined,
  ]);
  const orders = row.orders.map(({ days, ...order }) => ({ ...order, sequence: days }));
  return {
    ...viewOf(row),
    orders: mergeImpressions(orders),
    reviews,
    ...(cpi && { cpi }),
    ...(guarantee !== undefined && { guarantee }),
    status_history: row.history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
  };
}

/**
 * The status history as its customer sees it: their own changes ("You") and the system's as they are; a
 * change staff made shows as the system's, without its reason (staff notes, vendor names).
 */
function customerHistory(
  ownerId: number,
  history: NonNullable<Campaign['status_history']>,
): NonNullable<Campaign['status_history']> {
  return history.map((change) =>
    change.actor_id === null || change.actor_id === ownerId
      ? change
      : { ...change, actor_id: null, reason: null },
  );
}

/** The customer's view of their campaign's details (404 for another user's). */
async function detailsOf(deps: Deps, userId: number, id: number): Promise<Campaign> {
  const row = await repo.findCampaignDetails(deps.db, userId, id);
  if (!row) throw new NotFoundError();
  const view = await detailsViewOf(deps, row);
  return { ...view, status_history: customerHistory(userId, view.status_history ?? []) };
}

/** 409 naming the status when the action is not one the campaign's status allows. */
export function allowIn(row: Pick<repo.CampaignRow, 'status'>, statuses: readonly string[]) {
  if (!statuses.includes(row.status))
    throw new ConflictError({ code: 'campaign.campaignActionNotAllowed', params: { status: row.status } });
}

/** Queues the job that starts a delayed campaign at its time (after the transaction has committed). */
export async function scheduleStart(deps: Deps, row: Pick<repo.CampaignRow, 'id' | 'status' | 'start_at'>) {
  if (row.status === 'delayed' && row.start_at)
    await deps.jobs.send('campaigns.start', { campaignId: row.id }, { startAfter: row.start_at });
}

/** The message of a new campaign: a draft (`draft #{id}`), ordered, or gone to moderation. */
export function orderMessage(
  row: Pick<repo.CampaignRow, 'id' | 'status'>,
  draft: boolean | undefined,
): string {
  if (draft) return fillMessage(CAMPAIGN_MESSAGES.campaignDraftSaved, { id: row.id });
  if (row.status === 'moderation') return CAMPAIGN_MESSAGES.campaignSentToModeration;
  return CAMPAIGN_MESSAGES.campaignOrdered;
}

/**
 * A draft, or an order that starts now, is delayed or goes to moderation (the order pipeline of order/): the
 * new campaign's row, for a caller that answers less than its details (the panel API's `add`: its id).
 * `claim` is written in the campaign's insert statement, before any charge (the public API's Idempotency-Key: when it
 * throws, nothing is ordered).
 */
export async function placeOrder(
  deps: Deps,
  userId: number,
  body: CreateCampaignBody,
  now = new Date(),
  claim?: repo.CampaignClaim,
) {
  const prepared = await prepare(deps, userId, body, now, body.draft ? 'draft' : 'order');
  const row = await insertOrder(deps, userId, body, prepared, now, claim);
  await scheduleStart(deps, row);
  if (row.status === 'pending') await followOnAdNetwork(deps, row);
  return row;
}

/** `POST campaigns`: `placeOrder`, answered with the campaign's details and a draft's or an order's message. */
export async function createCampaign(
  deps: Deps,
  userId: number,
  body: CreateCampaignBody,
  now = new Date(),
  claim?: repo.CampaignClaim,
) {
  const row = await placeOrder(deps, userId, body, now, claim);
  return { data: await detailsOf(deps, userId, row.id), message: orderMessage(row, body.draft) };
}

/** A public API order with a test token: every rule of an order checked and the price quoted; nothing written. */
export async function dryRunOrder(deps: Deps, userId: number, body: CreateCampaignBody, now = new Date()) {
  return quoteOf(await prepare(deps, userId, body, now, body.draft ? 'draft' : 'order'));
}

/**
 * `PUT campaigns/{id}`: the whole body again for a draft or delayed campaign (not legacy) of the same
 * product type (else 422), priced from today's pricetags; the status stays (a delayed campaign needs its
 * start time and is rescheduled) and a history row records the edit. A campaign charged already (staff
 * made it delayed) settles the price difference in the same transaction (`settleEditPrice`).
 */
export async function editCampaign(
  deps: Deps,
  userId: number,
  id: number,
  body: CreateCampaignBody,
  now = new Date(),
) {
  const current = await repo.findCampaign(deps.db, userId, id);
  if (!current) throw new NotFoundError();
  const editable = (row: repo.CampaignRow) => {
    if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
    allowIn(row, EDITABLE_STATUSES);
  };
  editable(current.campaign);
  if (body.productType !== current.campaign.product_type)
    throw ValidationError.field('productType', CAMPAIGN_MESSAGES.campaignProductFixed);
  const delayed = current.campaign.status === 'delayed';
  if (delayed && (body.start_at === undefined || body.start_at === null))
    throw ValidationError.field('start_at', CAMPAIGN_MESSAGES.campaignDateEmpty);
  // A charged campaign keeps the discount it was charged with (none if none), whatever runs now.
  const charged = parseMoney(current.campaign.charged) > 0n;
  const keep = charged ? (current.campaign.settings.discount ?? null) : undefined;
  const prepared = await prepare(deps, userId, body, now, delayed ? 'order' : 'draft', keep);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockCampaign(tx, id, userId);
    if (!locked) throw new NotFoundError();
    editable(locked);
    const status = locked.status as CampaignStatus;
    const { change, note } = await settleEditPrice(tx, locked, prepared.price);
    const { promotion, ...paid } = change;
    const reason = note ? `Edited; ${note}` : 'Edited';
    const updated = await repo.updateCampaign(
      tx,
      id,
      { ...rowValues(body, prepared), ...paid },
      [{ from: status, to: status, actorId: userId, reason }],
      promotion,
    );
    await repo.deleteOrders(tx, id);
    await repo.insertOrders(tx, id, newOrders(body.productType, prepared));
    await cpiRepo.deleteCpi(tx, id);
    await writeExtras(tx, id, prepared);
    return updated;
  });
  await scheduleStart(deps, row);
  return { data: await detailsOf(deps, userId, id), message: CAMPAIGN_MESSAGES.campaignSaved };
}

/** `PUT campaigns/toggle`: sets (or flips) the favorite flag of the user's campaign. */
export async function toggleFavorite(deps: Deps, userId: number, body: CampaignToggleBody) {
  const row = await repo.setFavorite(deps.db, userId, body.id, body.favorite);
  if (!row) throw new NotFoundError();
  return { data: await detailsOf(deps, userId, body.id), message: MESSAGES.actionSaved };
}

/** `POST campaigns/get-filters`: the options of My campaigns' filter selects. */
export async function campaignFilters(deps: Deps, userId: number) {
  return { data: await repo.filtersOf(deps.db, userId) };
}

/** `GET campaigns/{id}`. */
export async function getCampaign(deps: Deps, userId: number, id: number) {
  return { data: await detailsOf(deps, userId, id) };
}

/** Runs an action on the user's campaign under its row lock; 404 for another user's, 409 when not allowed. */
export async function act(deps: Deps, userId: number, id: number, action: CampaignAction, now = new Date()) {
  const { config } = deps;
  const row = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockCampaign(tx, id, userId);
    if (!locked) throw new NotFoundError();
    allowIn(locked, CAMPAIGN_ACTIONS[action]);
    switch (action) {
      case 'start':
        requireOrderable(deps, locked.product_type);
        return begin(tx, locked, userId, now, config);
      case 'pause':
        return pauseCampaign(tx, locked, userId, now, config);
      case 'resume':
        return resumeCampaign(tx, locked, userId, now, config);
      case 'cancel':
        if (locked.product_type === PRODUCT_TYPES.cpi) return cancelCpi(tx, locked, userId, now, config);
        return finish(tx, await settleDelivery(tx, locked, now, config, userId), 'canceled', userId, now);
      case 'archive':
        return move(tx, locked, 'archived', userId);
    }
  });
  await scheduleStart(deps, row);
  await followOnAdNetwork(deps, row);
  if (action === 'cancel' && row.product_type === PRODUCT_TYPES.cpi) await scheduleCpiRefund(deps, row.id);
  return { data: await detailsOf(deps, userId, row.id), message: MESSAGES.actionSaved };
}

/**
 * `POST campaigns/{id}/clone` (any status): a new draft with the same app, plan, settings and review
 * texts, priced from today's pricetags. A smart campaign's budget is spread again at today's price (422
 * on `budget` when it no longer buys the minimum); a CPI campaign keeps its budget terms (`cloneCpi`).
 */
export async function cloneCampaign(deps: Deps, userId: number, id: number) {
  const source = await repo.findCampaign(deps.db, userId, id);
  if (!source) throw new NotFoundError();
  const c = source.campaign;
  const listUnitPrice =
    (await repo.pricetagOf(deps.db, userId, c.appstore, c.product_type)) ??
    c.settings.discount?.list_unit_price ??
    c.unit_price;
  // The clone gets the discount running now (never the source's), like a new order.
  const { discount: _sourceDiscount, ...settings } = c.settings;
  const discount =
    c.product_type === PRODUCT_TYPES.cpi
      ? null
      : await discountTerms(
          deps.db,
          userId,
          { appstore: c.appstore, country: source.country.code, productType: c.product_type },
          listUnitPrice,
          c.settings.smart && c.settings.budget
            ? parseMoney(c.settings.budget)
            : parseMoney(priceOf(listUnitPrice, c.installs_total)),
          new Date(),
        );
  const unitPrice = discount ? discountedUnitPrice(listUnitPrice, discount.percent) : listUnitPrice;
  let orders: (PlannedOrder & { type: number })[] = (await repo.ordersOf(deps.db, c.id)).map((order) => ({
    type: order.type,
    keyword: order.keyword,
    plan: order.days.map((day) => day.installs_total),
  }));
  let { installs, installs_total: installsTotal } = c;
  if (c.settings.smart && c.settings.budget) {
    const split = await smartOrders(deps.db, {
      appId: c.app_id,
      countryId: c.country_id,
      keywords: c.settings.keywords,
      days: c.days,
      budget: c.settings.budget,
      unitPrice,
    });
    orders = split.orders.map((order) => ({ type: c.product_type, ...order }));
    installs = split.installs;
    installsTotal = split.plan.reduce((a, b) => a + b, 0);
  }
  const created = await deps.db.transaction(async (tx) => {
    const draft = await repo.insertCampaign(
      tx,
      {
        user_id: userId,
        app_id: c.app_id,
        appstore: c.appstore,
        package: c.package,
        country_id: c.country_id,
        product_type: c.product_type,
        status: 'draft',
        days: c.days,
        installs,
        installs_total: installsTotal,
        unit_price: unitPrice,
        price: priceOf(unitPrice, installsTotal),
        description: c.description,
        settings: discount ? { ...settings, discount } : settings,
      },
      { history: { actorId: userId, reason: `Cloned from #${c.id}` }, orders },
    );
    await repo.replaceReviews(tx, draft.id, await repo.reviewsOf(tx, c.id), true);
    if (c.product_type === PRODUCT_TYPES.cpi) await cloneCpi(tx, c, draft.id);
    return draft;
  });
  return {
    data: await detailsOf(deps, userId, created.id),
    message: fillMessage(CAMPAIGN_MESSAGES.campaignDraftSaved, { id: created.id }),
  };
}

/** `POST campaigns/all/archive`: every finished campaign of the user goes to the archive. */
export async function archiveAll(deps: Deps, userId: number) {
  const count = await deps.db.transaction(async (tx) => {
    const rows = await repo.lockUserCampaignsIn(tx, userId, [...CAMPAIGN_ACTIONS.archive]);
    for (const row of rows) await move(tx, row, 'archived', userId);
    return rows.length;
  });
  return { message: CAMPAIGN_MESSAGES.campaignsArchived, count };
}

/** The status tabs' counts from campaigns per status (`repo.statusCounts`): `all` leaves archived ones out. */
export function tabCounts(byStatus: readonly { status: string; count: number }[]) {
  const counts = Object.fromEntries(CAMPAIGN_FILTER_TABS.map((tab) => [tab, 0])) as Record<
    CampaignFilterTab,
    number
  >;
  for (const { status, count } of byStatus) {
    counts[tabOfStatus(status as CampaignStatus)] += count;
    if (status !== 'archived') counts.all += count;
  }
  return counts;
}

/** `GET campaigns`: a page (or, with `isExport`, every row) of a status tab, with the tabs' counts. */
export async function listCampaigns(deps: Deps, userId: number, query: CampaignListQuery) {
  const filters = await repo.listFilters(deps.db, userId, query);
  const { rows, byStatus } = await repo.listPage(deps.db, userId, filters, query);
  const counts = tabCounts(byStatus);
  // Every status belongs to the all tab or one tab of its own: the tab's count is the list's total.
  const total = counts[query.status];
  const data = await withCpiSummaries(deps.db, rows.map(viewOf));
  const perPage = query.isExport ? Math.max(1, total) : query.limit;
  return { data, meta: pageMeta(total, query.isExport ? 1 : query.page, perPage), counts };
}
