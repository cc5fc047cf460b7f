import type { CampaignStatus } from '@storelift/shared';
import type { Tx } from '../ledger/ledger.js';
import type { CompletionImpact } from '../impact/impact.service.js';
import { emitEvent, eventInsert } from '../webhooks/webhooks.events.js';
import type * as repo from './campaigns.repo.js';

/*
 * The webhook events of a campaign's life (docs/webhooks.md, Events), written in the transaction of the
 * change they tell of.
 */

const summary = (row: repo.CampaignRow) => ({
  campaign_id: row.id,
  product_type: row.product_type,
  status: row.status,
  installs_total: row.installs_total,
  installs_actual: row.installs_actual,
});

/** The payload of `campaign.status_changed`: the campaign as moved, where from and why. */
const statusChanged = (row: repo.CampaignRow, from: CampaignStatus, reason: string | null) => ({
  ...summary(row),
  from,
  to: row.status,
  reason,
});

/**
 * `campaign.status_changed` for a move from `from`, and `campaign.completed` when it completed (with a
 * keyword-installs campaign's `impact` per keyword).
 */
export async function emitStatusEvents(
  tx: Tx,
  row: repo.CampaignRow,
  from: CampaignStatus,
  reason: string | null,
  impact: readonly CompletionImpact[] | null = null,
) {
  if (from === row.status) return;
  await emitEvent(tx, row.user_id, 'campaign.status_changed', statusChanged(row, from, reason));
  if (row.status === 'completed')
    await emitEvent(tx, row.user_id, 'campaign.completed', { ...summary(row), ...(impact && { impact }) });
}

/** emitStatusEvents()'s `campaign.status_changed` as a statement, to run in the move's own (`row` as moved). */
export const statusChangedInsert = (row: repo.CampaignRow, from: CampaignStatus, reason: string | null) =>
  eventInsert(row.user_id, 'campaign.status_changed', statusChanged(row, from, reason));

/** `campaign.day_delivered` for each campaign day whose every order has now delivered its plan. */
export async function emitDaysDelivered(
  tx: Tx,
  row: repo.CampaignRow,
  days: { day: number; installs_total: number; installs_actual: number }[],
) {
  for (const day of days)
    await emitEvent(tx, row.user_id, 'campaign.day_delivered', {
      campaign_id: row.id,
      day: day.day,
      installs_total: day.installs_total,
      installs_actual: day.installs_actual,
    });
}
