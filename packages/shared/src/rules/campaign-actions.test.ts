import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from '../constants/domain.js';
import { PERMISSIONS } from '../constants/permissions.js';
import {
  allowedCampaignActions,
  allowedStaffActions,
  isEditableCampaign,
  VENDOR_CHANGEABLE_STATUSES,
} from './campaign-actions.js';

// The lifecycle table of docs/architecture.md, written out per status: the server's 409s and the web's
// menus both come from the tables under test.
describe('the customer actions', () => {
  it.each([
    ['draft', ['start', 'cancel']],
    ['delayed', ['start', 'cancel']],
    ['moderation', ['cancel']],
    ['pending', ['cancel']],
    ['active', ['pause', 'cancel']],
    ['pause', ['resume', 'cancel']],
    ['completed', ['archive']],
    ['canceled', ['archive']],
    ['failed', ['archive']],
    ['rejected', ['archive']],
    ['archived', []],
  ] as const)('allow in %s: %j', (status, expected) => {
    expect(allowedCampaignActions({ status, is_legacy: false })).toEqual(expected);
  });

  it('never start a legacy campaign', () => {
    expect(allowedCampaignActions({ status: 'draft', is_legacy: true })).toEqual(['cancel']);
  });

  it('edit a draft or delayed campaign only, never a legacy one', () => {
    const editable = CAMPAIGN_STATUSES.filter((status) => isEditableCampaign({ status, is_legacy: false }));
    expect(editable).toEqual(['draft', 'delayed']);
    expect(isEditableCampaign({ status: 'draft', is_legacy: true })).toBe(false);
  });
});

describe('the staff actions', () => {
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
  ] as const)('allow in %s: %j, the way out first', (status, expected) => {
    expect(allowedStaffActions(status, PERMISSIONS)).toEqual(expected);
  });

  it('need the page, and the forced moves their own function', () => {
    expect(allowedStaffActions('active', ['user-orders'])).toEqual(['pause', 'cancel']);
    expect(allowedStaffActions('active', ['user-orders', 'campaigns.forced-draft'])).toEqual([
      'pause',
      'cancel',
      'forced-draft',
    ]);
    expect(allowedStaffActions('active', [])).toEqual([]);
  });

  it('change the vendor until the campaign is finished', () => {
    expect(VENDOR_CHANGEABLE_STATUSES).toContain('active');
    expect(VENDOR_CHANGEABLE_STATUSES).not.toContain('completed');
    expect(VENDOR_CHANGEABLE_STATUSES).not.toContain('archived');
  });
});
