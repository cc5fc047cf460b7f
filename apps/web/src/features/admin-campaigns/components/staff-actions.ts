import { CAMPAIGN_STATUSES, staffActionPermission, type CampaignStatus } from '@storelift/shared';

/**
 * Staff actions and the statuses that allow each: the server's table (docs/campaigns.md, "Staff and
 * vendors"), in the order the row menu lists them. The server decides; the menu only offers what it
 * would accept.
 */
export const STAFF_ACTIONS = {
  start: ['draft', 'delayed', 'moderation', 'pending'],
  resume: ['pause'],
  pause: ['active'],
  moderation: ['draft', 'delayed', 'pending'],
  'forced-completion': ['active', 'pause'],
  archive: ['completed', 'canceled', 'failed', 'rejected'],
  rejected: ['moderation', 'pending'],
  cancel: ['draft', 'delayed', 'moderation', 'pending', 'active', 'pause'],
  'forced-draft': CAMPAIGN_STATUSES.filter((status) => status !== 'archived' && status !== 'draft'),
} as const satisfies Record<string, readonly CampaignStatus[]>;
export type StaffAction = keyof typeof STAFF_ACTIONS;

/** Statuses in which the vendor may still be changed (not yet finished). */
export const VENDOR_CHANGEABLE: readonly CampaignStatus[] = STAFF_ACTIONS.cancel;

/** Moves that refund or throw away work: asked again before they run. */
const DESTRUCTIVE: readonly StaffAction[] = ['rejected', 'cancel', 'forced-completion', 'forced-draft'];

/** The actions a campaign in this status allows, among those the user's permissions admit. */
export function allowedStaffActions(status: CampaignStatus, permissions: readonly string[]): StaffAction[] {
  return (Object.keys(STAFF_ACTIONS) as StaffAction[]).filter(
    (action) =>
      (STAFF_ACTIONS[action] as readonly CampaignStatus[]).includes(status) &&
      permissions.includes(staffActionPermission(action)),
  );
}

export function isDestructive(action: StaffAction): boolean {
  return DESTRUCTIVE.includes(action);
}

/**
 * Whether the action opens a dialog for a reason (written to the status history) before it runs:
 * the destructive ones, sending to moderation, where a note for the customer matters, and a start,
 * which charges the customer and may be given a start time.
 */
export function takesReason(action: StaffAction): boolean {
  return isDestructive(action) || action === 'moderation' || action === 'start';
}

/** The label key of an action: a moderated campaign's start is its approval. */
export function actionLabel(action: StaffAction, status: CampaignStatus): StaffActionLabel {
  return action === 'start' && status === 'moderation' ? 'approve' : action;
}
export type StaffActionLabel = StaffAction | 'approve';

/** Colour of an action in the menu. */
export function actionColor(action: StaffAction): string | undefined {
  if (action === 'rejected' || action === 'cancel' || action === 'forced-draft') return 'red';
  if (action === 'start') return 'teal';
  return undefined;
}
