import { describe, expect, it } from 'vitest';
import type { CampaignsWidget } from '@storelift/shared';
import { countCards, hasCampaigns, runningCount } from './campaign-counts';

const none: CampaignsWidget['counts'] = {
  all: 0,
  active: 0,
  paused: 0,
  draft: 0,
  delayed: 0,
  failed: 0,
  completed: 0,
  canceled: 0,
  archived: 0,
  moderation: 0,
  pending: 0,
  rejected: 0,
};

describe('countCards', () => {
  it('shows all, active, paused, in review and completed, each opening its tab', () => {
    const cards = countCards({
      ...none,
      all: 9,
      active: 3,
      paused: 1,
      moderation: 2,
      pending: 1,
      completed: 2,
    });
    expect(cards).toEqual([
      { key: 'all', count: 9, tab: 'all' },
      { key: 'active', count: 3, tab: 'active' },
      { key: 'paused', count: 1, tab: 'paused' },
      { key: 'review', count: 3, tab: 'moderation' },
      { key: 'completed', count: 2, tab: 'completed' },
    ]);
  });

  it('opens the pending tab from the review card only when nothing is in moderation', () => {
    const review = (counts: Partial<typeof none>) =>
      countCards({ ...none, ...counts }).find((card) => card.key === 'review');
    expect(review({ pending: 2 })).toEqual({ key: 'review', count: 2, tab: 'pending' });
    expect(review({ moderation: 1 })).toEqual({ key: 'review', count: 1, tab: 'moderation' });
    expect(review({})).toEqual({ key: 'review', count: 0, tab: 'moderation' });
  });
});

describe('hasCampaigns', () => {
  it('is false only when there is no campaign in any status, archived ones included', () => {
    expect(hasCampaigns(none)).toBe(false);
    expect(hasCampaigns({ ...none, all: 1, draft: 1 })).toBe(true);
    expect(hasCampaigns({ ...none, archived: 2 })).toBe(true);
  });
});

describe('runningCount', () => {
  it('adds the tabs of the running statuses (paused for pause) and nothing finished or drafted', () => {
    const counts = { ...none, active: 3, paused: 2, pending: 1, moderation: 1, delayed: 4 };
    expect(runningCount({ ...counts, draft: 5, completed: 6, failed: 7, canceled: 8, all: 37 })).toBe(11);
  });
});
