import {
  DAY_MS,
  REVIEW_GUARANTEE,
  centsText,
  formatMoney,
  minMoney,
  parseMoney,
  type AppStore,
} from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import { eachOnItsOwn } from '../../../lib/batches.js';
import { storeFailure } from '../../../providers/store/store-provider.js';
import type { Tx } from '../../ledger/ledger.js';
import { notify } from '../../notices/notify.js';
import { notifyStaff } from '../../notices/notify-staff.js';
import { refillGuarantee } from '../../vendors/vendors.refill.js';
import { findVendor } from '../../vendors/vendors.service.js';
import { emitEvent } from '../../webhooks/webhooks.events.js';
import * as repo from '../campaigns.repo.js';
import * as guarantees from './campaigns.guarantee.repo.js';
import { shownReviewIds } from './campaigns.guarantee-match.js';
import { refundCharged } from './campaigns.lifecycle.js';

/*
 * The review guarantee's checks (docs/campaigns.md, Review guarantee): for 3 weeks after completion a job reads
 * the app's recent reviews in the store and matches the delivered texts against them. When fewer than 90 of
 * each 100 stay, the vendor is asked to refill or re-order the missing ones and, where it cannot, they are
 * refunded through the ledger. The store and the vendor are called with no lock held; what they answered is
 * recorded under the campaign's lock. Where the reviews cannot be read (a store provider that cannot, or reads
 * failing for over a day) the guarantee is not monitored and staff are told once.
 */

/** What the vendor did about missing reviews: asked its order to refill, placed a new one, or neither. */
export type RefillOutcome = 'refilled' | 'reordered' | 'unavailable';
/** The refill step: asks the campaign's vendor to make `missing` reviews good (HTTP: never under a lock). */
export type RefillStep = (deps: Deps, campaignId: number, missing: number) => Promise<RefillOutcome>;

/**
 * The embedded sandbox vendor re-orders at no charge where sandboxes are on; a vendor with an HTTP API is not
 * asked (its JSON protocol has no refill order), so its customers are refunded.
 */
const sandboxRefill: RefillStep = async (deps, campaignId) => {
  if (!deps.config.sandbox) return 'unavailable';
  const row = await guarantees.checkedCampaignOf(deps.db, campaignId);
  const vendor = row?.vendor_id ? await findVendor(deps.db, row.vendor_id) : undefined;
  return vendor?.api_url ? 'unavailable' : 'reordered';
};

/**
 * The refill step the job uses: the campaign's panel vendor refills or re-orders (`refillGuarantee`); where it
 * cannot, the embedded sandbox vendor re-orders (campaigns it delivers itself have no panel vendor).
 */
const defaultRefill: RefillStep = async (deps, campaignId, missing) => {
  const answer = await refillGuarantee(deps, campaignId, missing);
  return answer === 'unavailable' ? sandboxRefill(deps, campaignId, missing) : answer;
};

/** A vendor posts a refill over hours: until this long after it, a refilled review not shown yet is not gone. */
export const REFILL_GRACE_MS = 2 * DAY_MS;
/** Reads failing this long make a guarantee not monitored. */
const UNREADABLE_MS = DAY_MS;
/** A guarantee whose store cannot be read this long after its end is left as it stands. */
const GIVE_UP_MS = 7 * DAY_MS;

/** How the check of one guarantee went: read and recorded, or the reviews could not be read. */
type Checked = 'checked' | 'unreadable' | 'unmonitored' | 'skipped';

/**
 * The store's reviews could not be read at `now`: the run of failures starts (or goes on), and after a day, or
 * at once where reviews cannot be read at all, the guarantee is not monitored ('unmonitored' the first time).
 */
async function recordUnreadable(
  deps: Deps,
  campaignId: number,
  now: Date,
  atOnce: boolean,
): Promise<Checked> {
  return deps.db.transaction(async (tx) => {
    const guarantee = await guarantees.findGuarantee(tx, campaignId, true);
    if (!guarantee) return 'skipped';
    const since = guarantee.unreadable_since ?? now;
    const over = atOnce || now.getTime() - since.getTime() > UNREADABLE_MS;
    const newly = over && !guarantee.unmonitored_at;
    await guarantees.updateGuarantee(tx, campaignId, {
      unreadable_since: since,
      ...(newly && { unmonitored_at: now }),
    });
    return newly ? 'unmonitored' : 'unreadable';
  });
}

/** Reads the store for one guarantee: the ids of its reviews no longer shown, or null when it cannot tell. */
async function readGone(deps: Deps, campaignId: number, at: Date): Promise<number[] | 'cannot' | null> {
  const app = await guarantees.checkedCampaignOf(deps.db, campaignId);
  if (!app) return null;
  const reviews = await guarantees.shownReviewsOf(deps.db, campaignId);
  const texts = reviews.flatMap((review) =>
    review.body === null
      ? []
      : [{ ...review, title: review.title ?? '', body: review.body, rating: review.rating ?? 5 }],
  );
  // Generated reviews have no text to find: such a guarantee cannot be checked in any store.
  if (!deps.store.canCheckReviews || (reviews.length && !texts.length)) return 'cannot';
  try {
    const read = await deps.store.recentReviews(
      { appstore: app.appstore as AppStore, packageId: app.packageId },
      app.country,
      app.since,
      { at, posted: texts },
    );
    // The store stopped listing before the campaign's first review: what is not seen cannot be judged.
    if (!read.complete) return null;
    const shown = shownReviewIds(texts, read.reviews);
    const grace = at.getTime() - REFILL_GRACE_MS;
    return texts
      .filter(
        (review) => !shown.has(review.id) && !(review.is_refill && review.delivered_at.getTime() > grace),
      )
      .map((review) => review.id);
  } catch (error) {
    storeFailure(error, { campaignId, work: 'campaigns.guarantee' });
    return null;
  }
}

/** What the customer is told and the webhook carries about a refill or a refund. */
function eventOf(row: repo.CampaignRow, guarantee: guarantees.GuaranteeRow, stayed: number) {
  return {
    campaign_id: row.id,
    until: guarantee.until.toISOString(),
    delivered: guarantee.delivered,
    stayed,
  };
}

/**
 * Records the vendor's answer: the missing reviews are delivered again. A refill re-posts the reviews that went;
 * a new order posts the campaign's texts from the first (`vendors.refill.ts`), so those are the ones to find.
 */
async function recordRefill(
  tx: Tx,
  row: repo.CampaignRow,
  guarantee: guarantees.GuaranteeRow,
  missing: number,
  stayed: number,
  at: Date,
  how: 'refilled' | 'reordered',
) {
  const texts =
    how === 'refilled'
      ? await guarantees.goneTextIds(tx, row.id, missing)
      : await guarantees.textIdsOf(tx, row.id, missing);
  await guarantees.insertGuaranteedReviews(
    tx,
    Array.from({ length: missing }, (_, i) => ({
      campaign_id: row.id,
      review_id: texts[i] ?? null,
      delivered_at: at,
      is_refill: true,
    })),
  );
  await guarantees.updateGuarantee(tx, row.id, { refilled: guarantee.refilled + missing });
  await emitEvent(tx, row.user_id, 'guarantee.event', {
    ...eventOf(row, guarantee, stayed),
    kind: 'refill',
    count: missing,
  });
  await notify(tx, {
    userId: row.user_id,
    type: 'reviews',
    key: 'guaranteeRefilled',
    params: { id: row.id, count: missing },
    campaignId: row.id,
  });
}

/**
 * Refunds the missing reviews at the price they were bought for (never more than is still charged); they leave
 * the guarantee, so a later check does not refund them again.
 */
async function recordRefund(
  tx: Tx,
  row: repo.CampaignRow,
  guarantee: guarantees.GuaranteeRow,
  missing: number,
  stayed: number,
) {
  const open = (await repo.chargesOf(tx, row)).reduce((sum, charge) => sum + charge.open, 0n);
  const amount = minMoney(parseMoney(row.unit_price) * BigInt(missing), open);
  if (amount > 0n) {
    await refundCharged(tx, row, amount, { key: 'guaranteeNotKept', params: { count: missing } });
    // As every refund: off what the campaign is charged and off its app's promotion.
    const charged = formatMoney(parseMoney(row.charged) - amount);
    await repo.updateCampaign(tx, row.id, { charged }, [], formatMoney(-amount));
  }
  await guarantees.updateGuarantee(tx, row.id, {
    delivered: stayed,
    refunded: guarantee.refunded + missing,
    refunded_amount: formatMoney(parseMoney(guarantee.refunded_amount) + amount),
  });
  await emitEvent(tx, row.user_id, 'guarantee.event', {
    ...eventOf(row, guarantee, stayed),
    kind: 'refund',
    count: missing,
    amount: formatMoney(amount),
  });
  await notify(tx, {
    userId: row.user_id,
    type: 'reviews',
    key: 'guaranteeRefunded',
    params: { id: row.id, count: missing, amount: centsText(amount) },
    campaignId: row.id,
  });
}

/**
 * Checks one guarantee at `now` (at most its end): reads the store, records what is gone and, below 90 of each
 * 100, asks the vendor (`refill`) and records its answer, a refund where it has none.
 */
async function checkOne(deps: Deps, campaignId: number, now: Date, refill: RefillStep): Promise<Checked> {
  const before = await guarantees.findGuarantee(deps.db, campaignId);
  if (!before || (before.checked_at && before.checked_at >= before.until)) return 'skipped';
  const at = new Date(Math.min(now.getTime(), before.until.getTime()));
  const gone = await readGone(deps, campaignId, at);
  if (gone === 'cannot' || gone === null) return recordUnreadable(deps, campaignId, now, gone === 'cannot');

  const missing = await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    const guarantee = await guarantees.findGuarantee(tx, campaignId, true);
    if (!row || !guarantee || (guarantee.checked_at && guarantee.checked_at >= guarantee.until)) return 0;
    await guarantees.markGone(tx, gone, at);
    // Read again: a recovery ends the run of failures and the guarantee is monitored again.
    await guarantees.updateGuarantee(tx, campaignId, {
      checked_at: at,
      unreadable_since: null,
      unmonitored_at: null,
    });
    const stayed = await guarantees.shownCount(tx, campaignId);
    const required = Math.ceil((guarantee.delivered * REVIEW_GUARANTEE.keepPercent) / 100);
    return stayed < required ? guarantee.delivered - stayed : 0;
  });
  if (missing <= 0) return 'checked';

  const outcome = await refill(deps, campaignId, missing);
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, campaignId);
    const guarantee = await guarantees.findGuarantee(tx, campaignId, true);
    if (!row || !guarantee) return;
    const stayed = await guarantees.shownCount(tx, campaignId);
    if (outcome === 'unavailable') await recordRefund(tx, row, guarantee, missing, stayed);
    else await recordRefill(tx, row, guarantee, missing, stayed, at, outcome);
  });
  return 'checked';
}

/**
 * The `campaigns.guarantee` job: checks every guarantee not over yet (the last check runs at its end), then
 * tells staff once about the guarantees that stopped being monitored in this pass. `refill`: the vendor's
 * refill step (default `defaultRefill`).
 */
export async function checkGuarantees(deps: Deps, now = new Date(), refill: RefillStep = defaultRefill) {
  const due = await guarantees.dueGuarantees(deps.db, now, GIVE_UP_MS);
  const unmonitored: number[] = [];
  await eachOnItsOwn(
    due,
    async (id) => {
      if ((await checkOne(deps, id, now, refill)) === 'unmonitored') unmonitored.push(id);
    },
    { what: 'campaigns.guarantee', contextOf: (id) => ({ campaignId: id }) },
  );
  if (unmonitored.length)
    await deps.db.transaction((tx) =>
      notifyStaff(tx, 'user-orders', {
        type: 'reviews',
        key: 'guaranteeUnmonitored',
        params: { count: unmonitored.length, ids: unmonitored.map((id) => `#${id}`).join(', ') },
      }),
    );
}
