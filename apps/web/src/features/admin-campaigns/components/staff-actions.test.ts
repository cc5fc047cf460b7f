import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES, PERMISSIONS } from '@storelift/shared';
import {
  actionLabel,
  allowedStaffActions,
  isDestructive,
  takesReason,
  VENDOR_CHANGEABLE,
} from './staff-actions';

describe('allowedStaffActions', () => {
  it.each([
    ['draft', ['start', 'moderation', 'cancel']],
    ['delayed', ['start', 'moderation', 'cancel', 'forced-draft']],
    ['moderation', ['start', 'rejected', 'cancel', 'forced-draft']],
    ['pending', ['start', 'moderation', 'rejected', 'cancel', 'forced-draft']],
    ['active', ['pause', 'forced-completion', 'cancel', 'forced-draft']],
    ['pause', ['resume', 'forced-completion', 'cancel', 'forced-draft']],
    ['completed', ['archive', 'forced-draft']],
    ['canceled', ['archive', 'forced-draft']],
    ['failed', ['archive', 'forced-draft']],
    ['rejected', ['archive', 'forced-draft']],
    ['archived', []],
  ] as const)('offers for %s what the server allows', (status, expected) => {
    expect(allowedStaffActions(status, PERMISSIONS).sort()).toEqual([...expected].sort());
  });

  it('knows every status', () => {
    for (const status of CAMPAIGN_STATUSES)
      expect(Array.isArray(allowedStaffActions(status, PERMISSIONS))).toBe(true);
  });

  it('lists the way out of a pause before the harsher moves', () => {
    expect(allowedStaffActions('pause', PERMISSIONS)[0]).toBe('resume');
    expect(allowedStaffActions('moderation', PERMISSIONS)[0]).toBe('start');
  });

  it('offers the forced moves only to a user granted them, and nothing without the page', () => {
    expect(allowedStaffActions('active', ['user-orders'])).toEqual(['pause', 'cancel']);
    expect(allowedStaffActions('active', ['user-orders', 'campaigns.forced-draft'])).toEqual([
      'pause',
      'cancel',
      'forced-draft',
    ]);
    expect(allowedStaffActions('active', [])).toEqual([]);
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

describe('vendor change', () => {
  it('is open until the campaign is finished', () => {
    expect(VENDOR_CHANGEABLE).toContain('active');
    expect(VENDOR_CHANGEABLE).not.toContain('completed');
    expect(VENDOR_CHANGEABLE).not.toContain('archived');
  });
});
