import { MESSAGES, parseMoney, type CampaignStatus } from '@storelift/shared';
import { ConflictError } from '../../lib/errors.js';
import { charge, type Tx } from '../billing/ledger.js';
import * as repo from './campaigns.repo.js';

/** Moves a locked campaign to another status, writing the status-history row. */
export async function move(
  tx: Tx,
  row: repo.CampaignRow,
  to: CampaignStatus,
  actorId: number | null,
  values: Partial<repo.NewCampaign> = {},
  reason: string | null = null,
) {
  const updated = await repo.updateCampaign(tx, row.id, { ...values, status: to });
  await repo.addHistory(tx, row.id, row.status as CampaignStatus, to, actorId, reason);
  return updated;
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
  if (row.is_legacy) throw new ConflictError(MESSAGES.campaignLegacy);
  if (row.status === 'draft' && row.start_at && row.start_at.getTime() > now.getTime())
    return move(tx, row, 'delayed', actorId);
  const pending = await move(tx, row, 'pending', actorId);
  const split = await charge(tx, row.user_id, parseMoney(row.price), {
    type: 'campaign_charge',
    reference: { type: 'campaign', id: row.id },
    appstore: row.appstore,
    package: row.package,
    description: `Campaign #${row.id}`,
  });
  await repo.addPromotionValue(tx, row.app_id, row.price);
  return move(tx, pending, 'active', actorId, {
    charged: row.price,
    charge_entry_id: split.entryId,
    started_at: now,
    clock_at: now,
    progress_ms: 0,
  });
}
