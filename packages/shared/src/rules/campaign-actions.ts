import { CAMPAIGN_STATUSES } from '../constants/domain.js';
import { staffActionPermission } from '../constants/permissions.js';
import type { CampaignStatus } from '../contracts/campaigns.js';

/**
 * Which action a campaign's status allows (docs/architecture.md, "Campaign lifecycle"). The server refuses
 * anything else with 409; the web app offers only these, so both read these tables and nothing else.
 */

/** The customer's actions (`GET campaigns/{id}/<action>`), in the order the row menu lists them. */
export const CAMPAIGN_ACTIONS = {
  start: ['draft', 'delayed'],
  pause: ['active'],
  resume: ['pause'],
  cancel: ['draft', 'delayed', 'moderation', 'pending', 'active', 'pause'],
  archive: ['completed', 'canceled', 'failed', 'rejected'],
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type CampaignAction = keyof typeof CAMPAIGN_ACTIONS;

/** Statuses whose campaigns the customer may edit (`PUT campaigns/{id}`), a legacy campaign never. */
export const EDITABLE_STATUSES = ['draft', 'delayed'] as const satisfies readonly CampaignStatus[];

/**
 * Staff actions (staff-admin §4): the customer's pause, resume, cancel and archive, plus start now (from
 * moderation and pending too), reject, send to moderation and the forced moves; in the row menu's order.
 */
export const STAFF_CAMPAIGN_ACTIONS = {
  start: ['draft', 'delayed', 'moderation', 'pending'],
  resume: CAMPAIGN_ACTIONS.resume,
  pause: CAMPAIGN_ACTIONS.pause,
  moderation: ['draft', 'delayed', 'pending'],
  'forced-completion': ['active', 'pause'],
  archive: CAMPAIGN_ACTIONS.archive,
  rejected: ['moderation', 'pending'],
  cancel: CAMPAIGN_ACTIONS.cancel,
  'forced-draft': CAMPAIGN_STATUSES.filter((status) => status !== 'archived' && status !== 'draft'),
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type StaffCampaignAction = keyof typeof STAFF_CAMPAIGN_ACTIONS;

/** Statuses in which staff may still change the vendor: those a campaign can be canceled from. */
export const VENDOR_CHANGEABLE_STATUSES: readonly CampaignStatus[] = CAMPAIGN_ACTIONS.cancel;

/** True when `status` is one of `statuses` (a table row above). */
export function allowsStatus(statuses: readonly CampaignStatus[], status: CampaignStatus): boolean {
  return statuses.includes(status);
}

/** The customer's actions a campaign allows: its status's, and never a start of a legacy campaign. */
export function allowedCampaignActions(campaign: {
  status: CampaignStatus;
  is_legacy: boolean;
}): CampaignAction[] {
  return (Object.keys(CAMPAIGN_ACTIONS) as CampaignAction[]).filter(
    (action) =>
      allowsStatus(CAMPAIGN_ACTIONS[action], campaign.status) && !(action === 'start' && campaign.is_legacy),
  );
}

/** Whether the customer may edit the campaign: an editable status and not legacy. */
export function isEditableCampaign(campaign: { status: CampaignStatus; is_legacy: boolean }): boolean {
  return allowsStatus(EDITABLE_STATUSES, campaign.status) && !campaign.is_legacy;
}

/** The staff actions a campaign in `status` allows, among those the user's permissions admit. */
export function allowedStaffActions(
  status: CampaignStatus,
  permissions: readonly string[],
): StaffCampaignAction[] {
  return (Object.keys(STAFF_CAMPAIGN_ACTIONS) as StaffCampaignAction[]).filter(
    (action) =>
      allowsStatus(STAFF_CAMPAIGN_ACTIONS[action], status) &&
      permissions.includes(staffActionPermission(action)),
  );
}
