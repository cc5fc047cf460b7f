import type { Campaign, CampaignStatus } from '@storelift/shared';
import { formatNumber } from './format';

/** The colour of a campaign's status badge: one look for My campaigns and the staff pages. */
export function statusColor(status: CampaignStatus): string {
  switch (status) {
    case 'active':
      return 'teal';
    case 'completed':
      return 'green';
    case 'pause':
    case 'delayed':
      return 'yellow';
    case 'pending':
    case 'moderation':
      return 'blue';
    case 'failed':
    case 'rejected':
      return 'red';
    case 'canceled':
    case 'archived':
      return 'gray';
    default:
      return 'indigo';
  }
}

/** Delivered share of a campaign, 0-100. */
export function progressPercent(campaign: Pick<Campaign, 'installs_total' | 'installs_actual'>): number {
  if (campaign.installs_total <= 0) return 0;
  return Math.min(100, Math.round((campaign.installs_actual / campaign.installs_total) * 100));
}

/** "delivered / ordered" installs, as every campaign table and drawer shows them. */
export function deliveredText(campaign: Pick<Campaign, 'installs_total' | 'installs_actual'>): string {
  return `${formatNumber(campaign.installs_actual)} / ${formatNumber(campaign.installs_total)}`;
}

/** A status history row's title: "from → to", or the status alone for the first row and edits that kept it. */
export function statusChangeTitle(
  change: { from: CampaignStatus | null; to: CampaignStatus },
  label: (status: CampaignStatus) => string,
): string {
  return change.from && change.from !== change.to
    ? `${label(change.from)} → ${label(change.to)}`
    : label(change.to);
}
