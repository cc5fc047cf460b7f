import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  formatMoney,
  minMoney,
  parseMoney,
  type CampaignStatus,
  type LedgerKey,
  type LedgerText,
  type Money,
  type NoticeKey,
} from '@storelift/shared';
import type { Config } from '../../../config.js';
import { ConflictError } from '../../../lib/errors.js';
import { charge, refund, type Tx } from '../../ledger/ledger.js';
import { startOnAdNetwork } from '../cpi/campaigns.cpi-start.js';
import { notify } from '../../notices/notify.js';
import * as cpiRepo from '../cpi/campaigns.cpi-repo.js';
import { valueOf } from '../campaigns.plan.js';
import { deliveredUnitPrice } from '../../marketing/marketing-actions.service.js';
import * as repo from '../campaigns.repo.js';
import { findVendor } from '../../vendors/vendors.service.js';
import { emitStatusEvents, statusChangedInsert } from '../campaigns.events.js';
import { completionImpact, ranksLine } from '../../impact/impact.service.js';
import { startGuarantee } from './campaigns.guarantee.js';
import { assignVendor, cancelPlacements } from '../../vendors/vendors.placements.js';
import { chosenCanTake, routeCampaign } from '../../vendors/vendors.routing.js';

export type CampaignChange = repo.CampaignChange;

/**
 * What starting and delivering campaigns read of the configuration: whether sandboxes (the sandbox vendor
 * and ad network) are allowed, and the speed of their clock.
 */
export type DeliveryConfig = Pick<Config, 'sandbox' | 'vendorSandboxSpeed' | 'googleAds' | 'internalUrl'>;

/**
 * Moves a locked campaign to another status in one statement with its status-history row; `through`
 * names statuses it passes on the way (each gets its history row too, as if moved one after another).
 */
export async function move(
  tx: Tx,
  row: repo.CampaignRow,
  to: CampaignStatus,
  actorId: number | null,
  change: CampaignChange = {},
  reason: string | null = null,
  through: CampaignStatus[] = [],
) {
  const path = [...through, to];
  const steps = path.map((status, index) => ({
    from: index ? path[index - 1]! : (row.status as CampaignStatus),
    to: status,
    actorId,
    reason,
  }));
  const { promotion, ...values } = change;
  const from = row.status as CampaignStatus;
  // The status event of a move goes in the move's statement; a completion's waits for its impact (below).
  const event =
    to !== from && to !== 'completed'
      ? statusChangedInsert({ ...row, ...values, status: to } as repo.CampaignRow, from, reason)
      : undefined;
  const moved = await repo.updateCampaign(
    tx,
    row.id,
    { ...values, status: to },
    steps,
    promotion,
    event && [event],
  );
  // A completed keyword-installs campaign tells what it did to its keywords' ranks (docs/impact.md).
  const completedKeywords =
    to === 'completed' && to !== row.status && moved.product_type === PRODUCT_TYPES.keyword;
  const impact = completedKeywords ? await completionImpact(tx, row.id) : null;
  const ranks = impact && ranksLine(impact);
  const key = ranks ? 'campaignCompletedRanks' : noticeOfMove(row.status as CampaignStatus, to);
  if (key) {
    const type = key.startsWith('reviews') ? 'reviews' : 'campaign';
    const params = { id: row.id, ...(ranks && { ranks }) };
    await notify(tx, { userId: moved.user_id, type, key, params, campaignId: row.id });
  }
  if (!event) await emitStatusEvents(tx, moved, from, reason, impact);
  return moved;
}

/** The notice a customer gets for a status change (docs/notices.md, "System notices"), if any. */
function noticeOfMove(from: CampaignStatus, to: CampaignStatus): NoticeKey | null {
  if (from === to) return null;
  if (from === 'moderation' && to === 'rejected') return 'reviewsRejected';
  if (from === 'moderation' && (to === 'pending' || to === 'active')) return 'reviewsApproved';
  if (to === 'completed') return 'campaignCompleted';
  if (to === 'failed') return 'campaignFailed';
  return null;
}

/**
 * Starts a locked draft or delayed campaign: a draft with a future start time becomes delayed; otherwise
 * pending, then the price is charged (bonus first; 422 when short) and the vendor takes it: active.
 */
export async function launch(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  config: DeliveryConfig,
): Promise<repo.CampaignRow> {
  if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
  if (row.status === 'draft' && row.start_at && row.start_at.getTime() > now.getTime())
    return move(tx, row, 'delayed', actorId);
  return activate(tx, row, actorId, now, config);
}

/**
 * The vendor a launching campaign goes to (providers/vendors/README.md): the one staff chose while it can
 * take orders (a panel vendor: and its mapped service fits the campaign), else routing's pick; none when no
 * vendor can take it.
 */
async function launchVendor(tx: Tx, row: repo.CampaignRow, sandbox: boolean) {
  const chosen = row.vendor_id === null ? undefined : await findVendor(tx, row.vendor_id);
  return chosen && (await chosenCanTake(tx, chosen, row, sandbox)) ? chosen : routeCampaign(tx, row, sandbox);
}

/**
 * Who delivers a launching campaign, as the columns that record it: its vendor, or a CPI campaign's ad
 * network (told to start, any refund of an earlier cancel dropped); or why nobody can take it yet.
 */
async function deliveryOf(
  tx: Tx,
  row: repo.CampaignRow,
  config: DeliveryConfig,
): Promise<CampaignChange | { waiting: string }> {
  if (row.product_type !== PRODUCT_TYPES.cpi) {
    const vendor = await launchVendor(tx, row, config.sandbox);
    if (!vendor) return { waiting: CAMPAIGN_MESSAGES.campaignWaitingVendor };
    return assignVendor(tx, row, vendor, true);
  }
  return startOnAdNetwork(tx, row, config);
}

/**
 * Starts a locked campaign now (any start time ignored): pending, the price charged unless it already is
 * (bonus first; 422 when short), then active with the vendor's clock at zero, handed to its vendor or ad
 * network. When none can take it yet it stays pending, charged, with the reason in its history (the
 * delivery tick tries again; a system retry that still finds none writes nothing, staff get a 409).
 */
export async function activate(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  config: DeliveryConfig,
  reason: string | null = null,
): Promise<repo.CampaignRow> {
  if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
  const charged = await chargeOnce(tx, row);
  const delivery = await deliveryOf(tx, row, config);
  if ('waiting' in delivery) {
    if (row.status !== 'pending')
      return move(
        tx,
        row,
        'pending',
        actorId,
        charged,
        [delivery.waiting, reason].filter(Boolean).join('; '),
      );
    if (actorId === null) return row;
    throw new ConflictError(delivery.waiting);
  }
  const values: CampaignChange = { started_at: now, clock_at: now, progress_ms: 0, ...delivery, ...charged };
  // Pending lasts only within this transaction (a refused charge rolls it back): one write, both rows.
  const through: CampaignStatus[] = row.status === 'pending' ? [] : ['pending'];
  return move(tx, row, 'active', actorId, values, reason, through);
}

/**
 * Charges a locked campaign's price unless it already is (bonus first; 422 when short) and answers the
 * campaign change that records the charge and adds it to the app's promotion (none when charged before).
 */
export async function chargeOnce(tx: Tx, row: repo.CampaignRow): Promise<CampaignChange> {
  if (row.charge_entry_id) return {};
  const split = await charge(tx, row.user_id, parseMoney(row.price), {
    type: 'campaign_charge',
    reference: { type: 'campaign', id: row.id },
    appstore: row.appstore,
    package: row.package,
    text: { key: 'campaignCharge', params: { id: row.id } },
  });
  return { charged: row.price, charge_entry_id: split.entryId, promotion: row.price };
}

/**
 * Gives back `amount` of what a locked campaign is charged through `ledger.refund()`: against its start
 * charge and the extra charges of edits since (`repo.chargesOf`), the latest first.
 */
export async function refundCharged(tx: Tx, row: repo.CampaignRow, amount: Money, text: LedgerText) {
  let left = amount;
  for (const { entryId, open } of await repo.chargesOf(tx, row)) {
    const take = minMoney(left, open);
    if (take <= 0n) continue;
    await refund(tx, row.user_id, entryId, take, {
      reference: { type: 'campaign', id: row.id },
      appstore: row.appstore,
      package: row.package,
      text,
    });
    left -= take;
    if (left === 0n) return;
  }
  if (left > 0n)
    throw new Error(`Campaign #${row.id}: a refund of ${formatMoney(amount)} exceeds its charges`);
}

/**
 * Settles the price of a locked campaign edited to `price` (docs/campaigns.md, Lifecycle: edit). Uncharged
 * (a draft, a delayed campaign not started yet): nothing. Charged (staff made it delayed after its charge):
 * a dearer edit charges the difference (`InsufficientFundsError` when the balance cannot cover it, and the
 * edit's transaction rolls back), a cheaper one refunds it against the campaign's charges. Answers the
 * change that records it and the history note.
 */
export async function settleEditPrice(
  tx: Tx,
  row: repo.CampaignRow,
  price: string,
): Promise<{ change: CampaignChange; note: string | null }> {
  const difference = parseMoney(price) - parseMoney(row.charged);
  if (!row.charge_entry_id || difference === 0n) return { change: {}, note: null };
  const amount = formatMoney(difference > 0n ? difference : -difference);
  if (difference > 0n)
    await charge(tx, row.user_id, difference, {
      type: 'campaign_charge',
      reference: { type: 'campaign', id: row.id },
      appstore: row.appstore,
      package: row.package,
      text: { key: 'campaignEditedMore', params: { id: row.id, amount } },
    });
  else
    await refundCharged(tx, row, -difference, { key: 'campaignEditedLess', params: { id: row.id, amount } });
  return {
    change: { charged: formatMoney(parseMoney(price)), promotion: formatMoney(difference) },
    note: difference > 0n ? `charged ${amount} more` : `refunded ${amount}`,
  };
}

/**
 * What a campaign keeps of its charge: the value of the installs delivered (a discount at the tier they reach
 * on their own, docs/marketing.md), or a CPI campaign's spend.
 */
async function keptOf(tx: Tx, row: repo.CampaignRow): Promise<Money> {
  if (row.product_type === PRODUCT_TYPES.cpi)
    return parseMoney((await cpiRepo.findCpi(tx, row.id))?.spent ?? '0');
  const { discount } = row.settings;
  const partly = discount && row.installs_actual < row.installs_total;
  const unitPrice = partly
    ? await deliveredUnitPrice(tx, discount, row.unit_price, row.installs_actual)
    : row.unit_price;
  return valueOf(unitPrice, row.installs_actual);
}

/**
 * Refunds what a locked campaign is still charged beyond what it keeps (`charged − unit_price ×
 * installs_actual`, a CPI campaign's spend: the undelivered part of a full charge, nothing once a refund
 * was made), and answers the change that records it: what stays charged, and the refund taken off the
 * app's promotion.
 */
/** The ledger description of a refund of the undelivered part, by the reason the campaign stopped. */
const UNDELIVERED_KEYS = {
  canceled: 'campaignCanceled',
  rejected: 'campaignRejected',
  completed: 'campaignCompleted',
  failed: 'campaignFailed',
  drafted: 'campaignDrafted',
} as const satisfies Record<string, LedgerKey>;

async function refundUndelivered(
  tx: Tx,
  row: repo.CampaignRow,
  why: 'canceled' | 'rejected' | 'completed' | 'failed' | 'drafted',
): Promise<CampaignChange> {
  const undelivered = row.installs_total - row.installs_actual;
  const charged = parseMoney(row.charged);
  const kept = await keptOf(tx, row);
  const amount = charged > kept ? charged - kept : 0n;
  if (row.charge_entry_id && amount > 0n) {
    const key = UNDELIVERED_KEYS[why];
    await refundCharged(tx, row, amount, { key, params: { id: row.id, count: undelivered } });
    return { charged: formatMoney(charged - amount), promotion: formatMoney(-amount) };
  }
  return { charged: formatMoney(charged) };
}

/**
 * Ends a locked campaign (canceled, rejected, completed, or failed by its vendor), refunding the
 * undelivered part. A campaign the delivery has completed meanwhile stays completed.
 */
export async function finish(
  tx: Tx,
  row: repo.CampaignRow,
  to: 'canceled' | 'rejected' | 'completed' | 'failed',
  actorId: number | null,
  now: Date,
  reason: string | null = null,
) {
  if (row.status === 'completed') return row;
  const refunded = await refundUndelivered(tx, row, to);
  const moved = await move(tx, row, to, actorId, { ...refunded, finished_at: now, clock_at: null }, reason);
  if (to === 'completed') await startGuarantee(tx, moved, now);
  return moved;
}

/**
 * Forced draft (staff): refunds the undelivered part, then the campaign is a fresh draft again — its
 * delivery counts and the vendor's clock back at zero, no vendor order running, a CPI campaign's spend and
 * any refund left due by a cancel gone, nothing charged, so a new start charges the full price.
 */
export async function toDraft(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  reason: string | null = null,
) {
  const { promotion } = await refundUndelivered(tx, row, 'drafted');
  await repo.resetDelivery(tx, row.id);
  await cancelPlacements(tx, row.id);
  await cpiRepo.updateCpi(tx, row.id, { spent: '0', refund_due_at: null, refunded_at: null });
  return move(
    tx,
    row,
    'draft',
    actorId,
    {
      charged: '0',
      charge_entry_id: null,
      installs_actual: 0,
      progress_ms: 0,
      clock_at: null,
      started_at: null,
      finished_at: null,
      start_at: null,
      promotion,
    },
    reason ?? (row.installs_actual ? `${row.installs_actual} installs were delivered before` : null),
  );
}
