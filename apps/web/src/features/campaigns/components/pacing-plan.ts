import { APP_STORES, LIMITS, type AppStore, type PacingBody } from '@storelift/shared';
import { productOf, type CampaignFormValues } from './campaign-logic';

/** The target rank the pacing panel starts at: the top 10, where a keyword is seen without scrolling. */
export const DEFAULT_TARGET_RANK = 10;

/**
 * The pacing call of the form's values: keyword installs (not smart, not impressions) of a chosen app with
 * keywords, and a whole target rank 1-250; null otherwise. `installs` (per keyword over the plan) asks for
 * the expected rank of that plan too.
 */
export function pacingBodyOf(
  values: CampaignFormValues,
  target: number | string,
  installs?: number,
): PacingBody | null {
  const keywords = values.serializedChildKeywords;
  const rank = Number(target);
  if (productOf(values) !== 'keyword' || !values.packageId || !values.country || !keywords.length)
    return null;
  if (target === '' || !Number.isInteger(rank) || rank < 1 || rank > LIMITS.rankMax) return null;
  return {
    packageId: values.packageId,
    appstore: (values.appstore || APP_STORES.GOOGLE_PLAY) as AppStore,
    country: values.country,
    keywords,
    target: rank,
    ...(installs === undefined ? {} : { installs }),
  };
}

/** The form fields a suggested plan sets: installs a day, days and, when the plan is shown, each day's installs. */
export function planFields(plan: { installs_per_day: number; days: number }, advanced: boolean) {
  return {
    installs: plan.installs_per_day,
    days: plan.days,
    installsPlan: advanced ? Array.from({ length: plan.days }, () => plan.installs_per_day) : null,
  };
}
