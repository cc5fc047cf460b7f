import { CAMPAIGN_MESSAGES, formatMoney, parseMoney, type CampaignStatus } from '@storelift/shared';
import { ConflictError } from '../../lib/errors.js';
import { charge, refund, type Tx } from '../billing/ledger.js';
import { valueOf } from './campaigns.plan.js';
import * as repo from './campaigns.repo.js';
import { findVendor } from '../vendors/vendors.service.js';
import { assignVendor, cancelPlacements } from '../vendors/vendors.placements.js';
import { routeCampaign } from '../vendors/vendors.routing.js';

/** New values of a campaign's columns, and money it adds to its app's promotion value (`promotion`). */
export type CampaignChange = Partial<repo.NewCampaign> & { promotion?: string };

/**
 * Moves a locked campaign to another status in one statement with its status-history row; `through`
 * names statuses it passes on the way (each gets its history row too, as if moved one after another).
 */
export async function move(
  tx: Tx,
  row: Pick<repo.CampaignRow, 'id' | 'status'>,
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
  return repo.updateCampaign(tx, row.id, { ...values, status: to }, steps, promotion);
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
): Promise<repo.CampaignRow> {
  if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
  if (row.status === 'draft' && row.start_at && row.start_at.getTime() > now.getTime())
    return move(tx, row, 'delayed', actorId);
  return activate(tx, row, actorId, now);
}

/**
 * The vendor a launching campaign goes to: the one it has (staff's choice) while that vendor is active,
 * else routing's pick (providers/vendor/README.md).
 */
async function launchVendor(tx: Tx, row: repo.CampaignRow) {
  const chosen = row.vendor_id === null ? undefined : await findVendor(tx, row.vendor_id);
  return chosen?.is_active ? chosen : routeCampaign(tx, row);
}

/**
 * Starts a locked campaign now (any start time ignored): pending, the price charged unless it already is
 * (bonus first; 422 when short), then active with the vendor's clock at zero, handed to its vendor.
 */
export async function activate(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  now: Date,
  reason: string | null = null,
): Promise<repo.CampaignRow> {
  if (row.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
  const values: CampaignChange = {
    started_at: now,
    clock_at: now,
    progress_ms: 0,
    ...(await assignVendor(tx, row, await launchVendor(tx, row), true)),
  };
  Object.assign(values, await chargeOnce(tx, row));
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
    description: `Campaign #${row.id}`,
  });
  return { charged: row.price, charge_entry_id: split.entryId, promotion: row.price };
}

/**
 * Refunds what a locked campaign is still charged beyond the installs delivered
 * (`charged − unit_price × installs_actual`: the undelivered part of a full charge, nothing once a refund was
 * made), and answers the change that records it: what stays charged, and the refund taken off the app's
 * promotion.
 */
async function refundUndelivered(tx: Tx, row: repo.CampaignRow, why: string): Promise<CampaignChange> {
  const undelivered = row.installs_total - row.installs_actual;
  const charged = parseMoney(row.charged);
  const kept = valueOf(row.unit_price, row.installs_actual);
  const amount = charged > kept ? charged - kept : 0n;
  if (row.charge_entry_id && amount > 0n) {
    await refund(tx, row.user_id, row.charge_entry_id, amount, {
      reference: { type: 'campaign', id: row.id },
      appstore: row.appstore,
      package: row.package,
      description: `Campaign #${row.id} ${why}: ${undelivered} installs undelivered`,
    });
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
  return move(tx, row, to, actorId, { ...refunded, finished_at: now, clock_at: null }, reason);
}

/**
 * Forced draft (staff): refunds the undelivered part, then the campaign is a fresh draft again — its
 * delivery counts and the vendor's clock back at zero, no vendor order running, nothing charged, so a new
 * start charges the full price.
 */
export async function toDraft(
  tx: Tx,
  row: repo.CampaignRow,
  actorId: number | null,
  reason: string | null = null,
) {
  const { promotion } = await refundUndelivered(tx, row, 'forced to draft');
  await repo.resetDelivery(tx, row.id);
  await cancelPlacements(tx, row.id);
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
