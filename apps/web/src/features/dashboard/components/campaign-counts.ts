import { RUNNING_CAMPAIGN_STATUSES, tabOfStatus, type CampaignsWidget } from '@storelift/shared';

type Counts = CampaignsWidget['counts'];
/** A status tab of My campaigns (`/campaigns?status=`). */
export type CountTab = keyof Counts;

/** One stat card of the dashboard: its text key, the count it shows and the tab of My campaigns it opens. */
export interface CountCard {
  key: 'all' | 'active' | 'paused' | 'review' | 'completed';
  count: number;
  tab: CountTab;
}

/**
 * The dashboard's stat cards: all, active, paused, in review (moderation and pending together) and
 * completed. The review card opens the moderation tab unless only pending campaigns are there.
 */
export function countCards(counts: Counts): CountCard[] {
  return [
    { key: 'all', count: counts.all, tab: 'all' },
    { key: 'active', count: counts.active, tab: 'active' },
    { key: 'paused', count: counts.paused, tab: 'paused' },
    {
      key: 'review',
      count: counts.moderation + counts.pending,
      tab: counts.pending > 0 && counts.moderation === 0 ? 'pending' : 'moderation',
    },
    { key: 'completed', count: counts.completed, tab: 'completed' },
  ];
}

/** Whether the customer has any campaign at all (`all` leaves archived ones out, so they count here). */
export function hasCampaigns(counts: Counts): boolean {
  return counts.all + counts.archived > 0;
}

/** How many campaigns are under way (the running list shows the newest WIDGET_RUNNING_LIMIT). */
export function runningCount(counts: Counts): number {
  return RUNNING_CAMPAIGN_STATUSES.reduce((sum, status) => sum + counts[tabOfStatus(status)], 0);
}
