import {
  CAMPAIGN_MESSAGES,
  STAFF_CAMPAIGN_ACTIONS,
  VENDOR_CHANGEABLE_STATUSES,
  MESSAGES,
  PRODUCT_TYPES,
  type AdminCampaign,
  type AdminCampaignListQuery,
  type AdminUpdateCampaignBody,
  type AuditAction,
  type CampaignStatus,
  type StaffCampaignAction,
} from '@storelift/shared';
import type { Deps } from '../../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { pageMeta } from '../../../lib/paging.js';
import { audit } from '../../audit/audit.js';
import { InsufficientFundsError, type Tx } from '../../ledger/ledger.js';
import { assignVendor } from '../../vendors/vendors.placements.js';
import { canDeliver } from '../../vendors/vendors.routing.js';
import { findVendor } from '../../vendors/vendors.service.js';
import { vendorCostsOf } from '../../vendors/vendors.orders.js';
import { resumeCampaign } from '../cpi/campaigns.cpi-charging.js';
import { cpiNetworkOf, tellAdNetwork } from '../cpi/campaigns.cpi-network.js';
import { googleAdsView } from '../cpi/campaigns.google-ads-view.js';
import { followOnAdNetwork, pauseCampaign, settleDelivery } from '../delivery/campaigns.delivery.js';
import { activate, finish, move, toDraft } from '../delivery/campaigns.lifecycle.js';
import * as repo from '../campaigns.repo.js';
import { fieldErrors, notesOf, startTimeOf, throwIfAny } from '../campaigns.rules.js';
import { allowIn, detailsViewOf, scheduleStart, viewOf } from '../campaigns.service.js';

/** Staff's view of a campaign: the customer's plus its owner, partner, vendor id and why it waits. */
function staffPart(row: repo.AdminCampaignWithRefs) {
  return {
    user: row.user,
    partner: row.campaign.partner,
    vendor: row.campaign.vendor,
    vendor_id: row.campaign.vendor_id,
    waiting_reason: row.waiting_reason,
  };
}

async function detailsOf(deps: Deps, id: number): Promise<AdminCampaign> {
  const row = await repo.findCampaignDetails(deps.db, null, id);
  if (!row) throw new NotFoundError();
  const costs = await vendorCostsOf(deps.db, [row.campaign]);
  return {
    ...(await detailsViewOf(deps, row)),
    ...staffPart(row),
    ...costs.get(row.campaign.id)!,
    ...(row.campaign.product_type === PRODUCT_TYPES.cpi && { google_ads: await googleAdsView(deps.db, id) }),
  };
}

/** What the audit log keeps of a campaign. */
const auditView = (row: repo.CampaignRow) => ({
  status: row.status,
  start_at: row.start_at?.toISOString() ?? null,
  price: row.price,
  partner: row.partner,
  vendor_id: row.vendor_id,
  description: row.description,
});

/**
 * Locks any user's campaign in a transaction (404 when there is none) and runs `work` on it; a change is
 * written to the audit log as `action` in the same transaction.
 */
async function withLocked(
  deps: Deps,
  id: number,
  action: AuditAction,
  work: (tx: Tx, row: repo.CampaignRow) => Promise<unknown>,
) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.lockCampaign(tx, id);
    if (!row) throw new NotFoundError();
    await work(tx, row);
    const [before, after] = [auditView(row), auditView((await repo.lockCampaign(tx, id))!)];
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(tx, { action, target: { type: 'campaign', id, userId: row.user_id }, before, after });
  });
  return detailsOf(deps, id);
}

/** `GET admin campaigns`: every user's campaigns, paged. */
export async function listAllCampaigns(deps: Deps, query: AdminCampaignListQuery) {
  const { rows, total } = await repo.pageAllCampaigns(deps.db, query);
  const costs = await vendorCostsOf(
    deps.db,
    rows.map((row) => row.campaign),
  );
  const data = rows.map((row) => ({ ...viewOf(row), ...staffPart(row), ...costs.get(row.campaign.id)! }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}

/** `GET admin campaigns/{id}`. */
export async function getAnyCampaign(deps: Deps, id: number) {
  return { data: await detailsOf(deps, id) };
}

/** Staff actions that end a campaign's delivery. */
const ENDING: readonly StaffCampaignAction[] = ['cancel', 'forced-completion', 'forced-draft'];

/** What a staff action may carry: a note for the history and, for `start`, a start time. */
export interface StaffActParams {
  reason?: string | null;
  start_at?: string;
}

/**
 * `GET admin campaigns/{id}/<action>`: a staff action under the row lock. `start` starts now, or with a
 * `start_at` makes the campaign delayed until then (charged at its start, unless charged already).
 */
export async function staffAct(
  deps: Deps,
  actorId: number,
  id: number,
  action: StaffCampaignAction,
  params: StaffActParams = {},
  now = new Date(),
) {
  const { config } = deps;
  const reason = params.reason || null;
  const { errors, fail } = fieldErrors();
  const startAt =
    action === 'start' && params.start_at !== undefined ? startTimeOf(params.start_at, now, fail) : null;
  throwIfAny(errors);
  try {
    const data = await withLocked(deps, id, `campaigns.${action}`, async (tx, locked) => {
      allowIn(locked, STAFF_CAMPAIGN_ACTIONS[action]);
      const settled = () => settleDelivery(tx, locked, now, config, actorId);
      // A running CPI campaign that staff end stops on its ad network too.
      const running = ['active', 'pause', 'pending'].includes(locked.status);
      if (locked.product_type === PRODUCT_TYPES.cpi && running && ENDING.includes(action))
        await tellAdNetwork(tx, cpiNetworkOf(tx, config), locked, 'stop');
      switch (action) {
        case 'start':
          if (!startAt) return activate(tx, locked, actorId, now, config, reason);
          if (locked.is_legacy) throw new ConflictError(CAMPAIGN_MESSAGES.campaignLegacy);
          return move(tx, locked, 'delayed', actorId, { start_at: startAt, clock_at: null }, reason);
        case 'rejected':
          return finish(tx, locked, 'rejected', actorId, now, reason);
        case 'pause':
          return pauseCampaign(tx, locked, actorId, now, config, reason);
        case 'resume':
          return resumeCampaign(tx, locked, actorId, now, config, reason);
        case 'cancel':
          return finish(tx, await settled(), 'canceled', actorId, now, reason);
        case 'archive':
          return move(tx, locked, 'archived', actorId, {}, reason);
        case 'moderation':
          return move(tx, locked, 'moderation', actorId, { clock_at: null }, reason);
        case 'forced-completion':
          return finish(tx, await settled(), 'completed', actorId, now, reason ?? 'Forced completion');
        case 'forced-draft':
          return toDraft(tx, await settled(), actorId, reason);
      }
    });
    if (startAt) await scheduleStart(deps, { id, status: data.status, start_at: startAt });
    await followOnAdNetwork(deps, { id, product_type: data.type });
    return { data, message: MESSAGES.actionSaved };
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw ValidationError.field('balance', CAMPAIGN_MESSAGES.campaignTopUpToStart);
    throw error;
  }
}

/** A history row that keeps the status and says what staff changed. */
function change(row: repo.CampaignRow, actorId: number, reason: string): repo.HistoryStep {
  const status = row.status as CampaignStatus;
  return { from: status, to: status, actorId, reason };
}

/** `PUT admin campaigns/{id}`: notes (the customer's rule: English, ≤ 1000) and partner, in any status. */
export async function updateAnyCampaign(
  deps: Deps,
  actorId: number,
  id: number,
  body: AdminUpdateCampaignBody,
) {
  const values: Partial<repo.NewCampaign> = {};
  if (body.description !== undefined) {
    const { errors, fail } = fieldErrors();
    values.description = notesOf(body.description, fail);
    throwIfAny(errors);
  }
  if (body.partner !== undefined) values.partner = body.partner || null;
  const data = await withLocked(deps, id, 'campaigns.update', async (tx, row) => {
    if (!Object.keys(values).length) return;
    await repo.updateCampaign(tx, row.id, values, [
      change(row, actorId, `Updated: ${Object.keys(values).join(', ')}`),
    ]);
  });
  return { data, message: MESSAGES.actionSaved };
}

/** `GET admin campaigns/{id}/partners`. */
export async function partnerOf(deps: Deps, id: number) {
  const row = await repo.findAnyCampaign(deps.db, id);
  if (!row) throw new NotFoundError();
  return { data: { id, partner: row.campaign.partner } };
}

/** `POST admin campaigns/{id}/partners`. */
export async function setPartner(deps: Deps, actorId: number, id: number, partner: string | null) {
  await updateAnyCampaign(deps, actorId, id, { partner });
  return { ...(await partnerOf(deps, id)), message: MESSAGES.actionSaved };
}

/**
 * `PUT admin campaigns/{id}/vendor`: a vendor that can take orders (active; with an HTTP API unless
 * sandboxes are allowed) takes the campaign (not once it has finished; never a CPI campaign, which runs on
 * an ad network). A delivering campaign moves now: its delivery is brought up to now, its order at the old
 * vendor is canceled and the new one gets what is left (the order's days with what is delivered already).
 */
export async function changeVendor(
  deps: Deps,
  actorId: number,
  id: number,
  vendorId: number,
  now = new Date(),
) {
  const vendor = await findVendor(deps.db, vendorId);
  if (!vendor) throw ValidationError.field('vendor_id', MESSAGES.notFound);
  if (!vendor.is_active) throw ValidationError.field('vendor_id', CAMPAIGN_MESSAGES.vendorInactive);
  if (!canDeliver(vendor, deps.config.sandbox))
    throw ValidationError.field('vendor_id', CAMPAIGN_MESSAGES.vendorCannotDeliver);
  const data = await withLocked(deps, id, 'campaigns.change-vendor', async (tx, locked) => {
    allowIn(locked, VENDOR_CHANGEABLE_STATUSES);
    if (locked.product_type === PRODUCT_TYPES.cpi)
      throw new ConflictError(CAMPAIGN_MESSAGES.campaignCpiVendor);
    const row = await settleDelivery(tx, locked, now, deps.config, actorId);
    if (row.status !== locked.status) return; // delivered meanwhile: nothing left to move
    const delivering = row.status === 'active' || row.status === 'pause';
    await repo.updateCampaign(tx, row.id, await assignVendor(tx, row, vendor, delivering), [
      change(row, actorId, `Vendor: ${vendor.name}`),
    ]);
  });
  return { data, message: MESSAGES.actionSaved };
}

/** `POST admin campaigns/{id}/status-history`. */
export async function statusHistory(deps: Deps, id: number) {
  const { status_history } = await detailsOf(deps, id);
  return { data: status_history ?? [] };
}

/** `POST admin campaigns/{id}/progress`: planned vs delivered per day, all orders summed (type 8 merged so). */
export async function progress(deps: Deps, id: number) {
  const campaign = await detailsOf(deps, id);
  const orders = campaign.orders ?? [];
  const days = new Map<number, { day: number; installs_total: number; installs_actual: number }>();
  for (const day of orders.flatMap((order) => order.sequence)) {
    const sum = days.get(day.day) ?? { day: day.day, installs_total: 0, installs_actual: 0 };
    sum.installs_total += day.installs_total;
    sum.installs_actual += day.installs_actual;
    days.set(day.day, sum);
  }
  return {
    data: {
      installs_total: campaign.installs_total,
      installs_actual: campaign.installs_actual,
      days: [...days.values()].sort((a, b) => a.day - b.day),
      orders,
    },
  };
}
