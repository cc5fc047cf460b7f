import {
  DEFAULTS,
  DELIVERY_TYPES,
  PANEL_API_MESSAGES,
  PANEL_CURRENCY,
  PANEL_ORDERS_MAX,
  PANEL_PRODUCT_TYPES,
  PANEL_STORE_NAMES,
  PRODUCT_TYPES,
  REVIEW_MODES,
  createCampaignBodySchema,
  fillMessage,
  formatMoney,
  orderRulesOf,
  panelLimitsOf,
  panelServiceId,
  panelServiceOf,
  panelServiceText,
  panelStateOf,
  parseMoney,
  parseStoreLink,
  type Campaign,
  type PanelAddInput,
  type PanelOrderStatusEntry,
  type PanelServiceEntry,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import * as apps from '../apps/apps.service.js';
import * as campaigns from '../campaigns/campaigns.service.js';
import { balancesOf } from '../ledger/ledger.js';
import { currentPlan } from '../plans/plans.service.js';
import { orderableProductTypes } from '../reference/orderable-products.js';
import type { ApiCaller } from './public-api.auth.js';
import { campaignAction, orderCampaign, orderOnce } from './public-api.orders.js';
import { sandbox } from './public-api.sandbox.js';

/*
 * The actions of the panel API (`POST /api/v2`, docs/public-api.md "Panel API v2"), each through the private
 * API's services as `/api/v1` does: an order is `orderOnce`'s (`/api/v1`'s without the details read back), a status the campaign's details, a cancel
 * the campaign's lifecycle. A test token reads the sandbox's sample and places dry runs.
 */

/** A protocol error: answered as `{error}` (HTTP 200). */
export class PanelError extends Error {}

/** A campaign id as the database can hold it, or null (an id a panel made up). */
function campaignIdOf(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2 ** 31 - 1 ? id : null;
}

/** `services`: every product this deployment sells, on each store, at the caller's plan price per 1000. */
export async function services(deps: Deps, caller: ApiCaller): Promise<PanelServiceEntry[]> {
  const sold = orderableProductTypes(deps).filter((type) =>
    (PANEL_PRODUCT_TYPES as readonly number[]).includes(type),
  );
  const { data: plan } = await currentPlan(deps.db, caller.userId);
  return plan.pricetags
    .filter((tag) => tag.is_active && sold.includes(tag.type) && PANEL_STORE_NAMES[tag.appstore_id])
    .map((tag) => ({
      service: panelServiceId(tag.appstore_id, tag.type),
      ...panelServiceText(tag.appstore_id, tag.type),
      rate: formatMoney(parseMoney(tag.price) * 1000n),
      ...panelLimitsOf(tag.appstore_id, tag.type),
      refill: tag.type === PRODUCT_TYPES.hqReview,
      cancel: true,
    }));
}

/** One custom comment as a review text: its first words the title, the whole line the body. */
function reviewOf(comment: string) {
  const words = comment.split(/\s+/);
  let title = words[0]!.slice(0, 60);
  for (const word of words.slice(1)) {
    if (title.length + word.length + 1 > 60) break;
    title += ` ${word}`;
  }
  return { title, body: comment, rates: 5, gender: 'both' as const, language: 'english' as const };
}

/** The order body of an `add`: the private API's, from the service, the link and the quantity per run. */
function orderBodyOf(input: PanelAddInput) {
  const service = panelServiceOf(input.service);
  if (!service) throw new PanelError(PANEL_API_MESSAGES.serviceInvalid);
  const link = parseStoreLink(input.link);
  if (!link || link.appstore !== service.appstore) throw new PanelError(PANEL_API_MESSAGES.linkInvalid);
  const { min, max } = panelLimitsOf(service.appstore, service.productType);
  if (input.quantity < min || input.quantity > max)
    throw new PanelError(fillMessage(PANEL_API_MESSAGES.quantityRange, { min, max }));
  const rules = orderRulesOf(service.productType);
  const comments = input.comments ?? [];
  const raw = {
    productType: service.productType,
    packageId: link.packageId,
    appstore: link.appstore,
    country: link.country ?? DEFAULTS.country,
    days: input.runs ?? 1,
    installs: input.quantity,
    deliveryType: input.runs ? DELIVERY_TYPES.SPREAD : DELIVERY_TYPES.INSTANT,
    ...(rules.keywords && input.keywords !== undefined && { serializedChildKeywords: input.keywords }),
    ...(rules.reviews && {
      reviewMode: comments.length ? REVIEW_MODES.CUSTOM : REVIEW_MODES.GENERATED,
      ...(comments.length && { reviews: comments.map(reviewOf) }),
    }),
    // Ordering rates and reviews through a panel accepts their terms (API support says so).
    checkedTerms: true,
  };
  const parsed = createCampaignBodySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError({ [String(issue.path[0] ?? 'body')]: [issue.message] });
  }
  return parsed.data;
}

/** Tracks the app of an order the caller does not track (the store's checks, as `POST apps`). */
async function trackApp(deps: Deps, userId: number, body: ReturnType<typeof orderBodyOf>) {
  const wanted = { appstore: body.appstore, country: body.country, package: body.packageId };
  // A concurrent order of the same new app may have tracked it first: then it is there.
  await apps.addApp(deps, userId, wanted).catch(async (failed: unknown) => {
    if (!(failed instanceof ValidationError)) throw failed;
    await apps.ownAppByPackage(deps.db, userId, body.appstore, body.packageId).catch(() => {
      throw failed;
    });
  });
}

/** The sample campaign a test token's `add` answers (the sandbox's active one). */
const SAMPLE_ORDER = 3001;

/**
 * `add`: the private API's order of the service on the app of the link, `quantity` a day for `runs` days (or
 * at once), charged from the balance; an `Idempotency-Key` answers the first order again. A test token's is
 * checked by every rule of an order it can check without the store (an app the account does not track is not
 * looked up) and answers the sample order.
 */
export async function add(deps: Deps, caller: ApiCaller, input: PanelAddInput, key: string | undefined) {
  const body = orderBodyOf(input);
  if (caller.test) {
    await orderCampaign(deps, caller, body, key).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
    return { order: SAMPLE_ORDER };
  }
  // The protocol answers only the order's id: no details read back.
  const place = async () => ({ order: await orderOnce(deps, caller.userId, body, key) });
  try {
    return await place();
  } catch (error) {
    // The order names an app the caller does not track (404): tracked first, then ordered.
    if (!(error instanceof NotFoundError)) throw error;
    await trackApp(deps, caller.userId, body);
    return place();
  }
}

/** The protocol's view of a campaign: what it costs (once ended, what was delivered), its state and what is left. */
function statusOf(campaign: Campaign): PanelOrderStatusEntry {
  const status = panelStateOf(campaign.status, campaign.installs_actual, campaign.installs_total);
  const ended = status === 'Completed' || status === 'Partial' || status === 'Canceled';
  const charge = ended
    ? parseMoney(campaign.unit_price) * BigInt(campaign.installs_actual)
    : parseMoney(campaign.price);
  return {
    charge: formatMoney(charge),
    start_count: 0,
    status,
    remains: Math.max(0, campaign.installs_total - campaign.installs_actual),
    currency: PANEL_CURRENCY,
  };
}

/** The caller's campaign of an order id (the sandbox's for a test token), or null when there is none. */
async function campaignOf(deps: Deps, caller: ApiCaller, order: string): Promise<Campaign | null> {
  const id = campaignIdOf(order);
  if (id === null) return null;
  try {
    return caller.test
      ? sandbox.campaign(id).data
      : (await campaigns.getCampaign(deps, caller.userId, id)).data;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** `status` with `order`. */
export async function status(deps: Deps, caller: ApiCaller, order: string) {
  const campaign = await campaignOf(deps, caller, order);
  if (!campaign) throw new PanelError(PANEL_API_MESSAGES.orderInvalid);
  return statusOf(campaign);
}

/** Order ids of a multi-order call: at most 100 distinct. */
function orderIdsOf(orders: string[]) {
  const ids = [...new Set(orders)];
  if (ids.length > PANEL_ORDERS_MAX) throw new PanelError(PANEL_API_MESSAGES.ordersTooMany);
  return ids;
}

/** `status` with `orders`: per id its status, or `Incorrect order ID` (unknown, another account's). */
export async function statuses(deps: Deps, caller: ApiCaller, orders: string[]) {
  const answers: [string, PanelOrderStatusEntry | { error: string }][] = [];
  const ids = orderIdsOf(orders);
  // Ten at a time: each is the campaign's details, as `GET /api/v1/campaigns/{id}` reads them.
  for (let at = 0; at < ids.length; at += 10) {
    const batch = ids.slice(at, at + 10);
    const found = await Promise.all(batch.map((id) => campaignOf(deps, caller, id)));
    batch.forEach((id, index) => {
      const campaign = found[index];
      answers.push([id, campaign ? statusOf(campaign) : { error: PANEL_API_MESSAGES.orderInvalid }]);
    });
  }
  return Object.fromEntries(answers);
}

/** `balance`: what orders can be charged from (the bonus balance first, then the main one). */
export async function balance(deps: Deps, caller: ApiCaller) {
  const { main, bonus } = caller.test ? sandbox.balance().data : await balancesOf(deps.db, caller.userId);
  return { balance: formatMoney(parseMoney(main) + parseMoney(bonus)), currency: PANEL_CURRENCY };
}

/** A guaranteed-reviews campaign's guarantee end, or null (another product, not completed yet). */
function guaranteeEnd(campaign: Campaign | null) {
  if (campaign?.type !== PRODUCT_TYPES.hqReview || !campaign.guarantee_until) return null;
  return new Date(campaign.guarantee_until);
}

/**
 * `refill`: guaranteed reviews during their guarantee. The guarantee refills on its own (its checks order the
 * missing reviews again); the refill id is the order's, whose `refill_status` follows the guarantee.
 */
export async function refill(deps: Deps, caller: ApiCaller, order: string, now = new Date()) {
  const campaign = await campaignOf(deps, caller, order);
  if (!campaign) throw new PanelError(PANEL_API_MESSAGES.orderInvalid);
  const end = guaranteeEnd(campaign);
  if (!end || end <= now) throw new PanelError(PANEL_API_MESSAGES.refillUnavailable);
  return { refill: campaign.id };
}

/** `refill_status`: In progress while the guarantee runs, Completed once it is over. */
export async function refillStatus(deps: Deps, caller: ApiCaller, refillId: string, now = new Date()) {
  const end = guaranteeEnd(await campaignOf(deps, caller, refillId));
  if (!end) throw new PanelError(PANEL_API_MESSAGES.refillInvalid);
  return { status: end > now ? 'In progress' : 'Completed' };
}

/** `cancel`: per order, canceled (the undelivered part refunded) or why not. */
export async function cancel(deps: Deps, caller: ApiCaller, orders: string[]) {
  const answers = [];
  for (const order of orderIdsOf(orders)) {
    const id = campaignIdOf(order);
    const answer = (cancel: 1 | { error: string }) => ({ order: id ?? order, cancel });
    if (id === null) {
      answers.push(answer({ error: PANEL_API_MESSAGES.orderInvalid }));
      continue;
    }
    try {
      await campaignAction(deps, caller, id, 'cancel');
      answers.push(answer(1));
    } catch (error) {
      if (error instanceof NotFoundError) answers.push(answer({ error: PANEL_API_MESSAGES.orderInvalid }));
      else if (error instanceof ConflictError)
        answers.push(answer({ error: PANEL_API_MESSAGES.cancelUnavailable }));
      else throw error;
    }
  }
  return answers;
}
