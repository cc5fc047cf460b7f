import type { CampaignStatus, StaffCampaignAction } from '@storelift/shared';

/*
 * How the staff menu shows an action; which actions a status allows is the shared table
 * (`allowedStaffActions` in @storelift/shared).
 */

/** Moves that refund or throw away work: asked again before they run. */
const DESTRUCTIVE: readonly StaffCampaignAction[] = [
  'rejected',
  'cancel',
  'forced-completion',
  'forced-draft',
];

export function isDestructive(action: StaffCampaignAction): boolean {
  return DESTRUCTIVE.includes(action);
}

/**
 * Whether the action opens a dialog for a reason (written to the status history) before it runs:
 * the destructive ones, sending to moderation, where a note for the customer matters, and a start,
 * which charges the customer and may be given a start time.
 */
export function takesReason(action: StaffCampaignAction): boolean {
  return isDestructive(action) || action === 'moderation' || action === 'start';
}

/** The label key of an action: a moderated campaign's start is its approval. */
export function actionLabel(action: StaffCampaignAction, status: CampaignStatus): StaffActionLabel {
  return action === 'start' && status === 'moderation' ? 'approve' : action;
}
export type StaffActionLabel = StaffCampaignAction | 'approve';

/** Colour of an action in the menu. */
export function actionColor(action: StaffCampaignAction): string | undefined {
  if (action === 'rejected' || action === 'cancel' || action === 'forced-draft') return 'red';
  if (action === 'start') return 'teal';
  return undefined;
}
