import { describe, expect, it } from 'vitest';
import { STAFF_CAMPAIGN_ACTIONS, type StaffCampaignAction } from '@storelift/shared';
import en from '../../../locales/en-US.admin.json';
import { actionLabel, isDestructive, takesReason } from './staff-actions';

// Which action a status allows is the shared table (tested in packages/shared); here, how the menu shows it.
const ACTIONS = Object.keys(STAFF_CAMPAIGN_ACTIONS) as StaffCampaignAction[];

describe('the action menu', () => {
  it('labels every action of the shared table, and a moderated start as its approval', () => {
    for (const action of ACTIONS) expect(en.actions[action], action).toBeTruthy();
    expect(en.actions[actionLabel('start', 'moderation')]).toBe('Approve');
  });

  it('explains every move it asks about before it runs', () => {
    for (const action of ACTIONS.filter(takesReason))
      expect(en.confirm.text[action as keyof typeof en.confirm.text], action).toBeTruthy();
  });
});

describe('the action dialogs', () => {
  it('asks before every move that refunds or resets work, and takes a reason for them', () => {
    for (const action of ['rejected', 'cancel', 'forced-completion', 'forced-draft'] as const) {
      expect(isDestructive(action)).toBe(true);
      expect(takesReason(action)).toBe(true);
    }
    for (const action of ['pause', 'resume', 'archive'] as const) {
      expect(isDestructive(action)).toBe(false);
      expect(takesReason(action)).toBe(false);
    }
    expect(takesReason('moderation')).toBe(true);
    // A start charges the customer and may get a start time: asked first, not destructive.
    expect(takesReason('start')).toBe(true);
    expect(isDestructive('start')).toBe(false);
  });

  it('calls the start of a moderated campaign its approval', () => {
    expect(actionLabel('start', 'moderation')).toBe('approve');
    expect(actionLabel('start', 'draft')).toBe('start');
    expect(actionLabel('pause', 'active')).toBe('pause');
  });
});
