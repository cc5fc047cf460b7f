import { cpiTargetCountries, type CpiGeo, type CpiLevel } from '../constants/cpi.js';
import { LIMITS } from '../constants/domain.js';
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';
import { formatMoney, toMoney } from './money.js';

// The CPI draft's defaults and cross-field rules, without zod: the order rules (campaign-order-rules.ts) read
// them on pages that build no schema; the field rules are the contract's (contracts/cpi.ts).

/** The CPI fields of a body once read (the contract's `CpiDraft` has this shape, which its calls here check). */
export interface CpiDraftFields {
  cpiBudget?: string | undefined;
  cpiTarget?: string | undefined;
  cpiDays?: number | null | undefined;
  unlimited_duration?: boolean | undefined;
  cpiGeo?: CpiGeo[] | undefined;
  cpiLevels?: CpiLevel[] | undefined;
  cpiCountry?: string[] | undefined;
  cpiLanguages?: string[] | undefined;
  cpiHeadline1?: string | undefined;
  cpiHeadline2?: string | undefined;
  cpiAdAssets?: string | undefined;
  deeplink?: string | undefined;
}

/** A CPI draft with its defaults applied and its countries resolved (what the server stores). */
export interface CpiPlan {
  dailyBudget: string;
  targetCpi: string;
  /** Null = unlimited. */
  days: number | null;
  geo: string[];
  levels: string[];
  targetCountries: string[];
  countries: string[];
  languages: string[];
  headline1: string;
  headline2: string;
  adText: string;
  deeplink: string | null;
}

/** The CPI draft with the defaults of customer-area §9 (budget 10, target 0.15, 7 days, english). */
export function cpiPlanOf(draft: CpiDraftFields): CpiPlan {
  const geo = draft.cpiGeo ?? [];
  const levels = draft.cpiLevels ?? [];
  const targetCountries = cpiTargetCountries({ geo, levels });
  return {
    dailyBudget: draft.cpiBudget ?? formatMoney(toMoney(String(LIMITS.cpiDailyBudget))!),
    targetCpi: draft.cpiTarget ?? formatMoney(toMoney(String(LIMITS.cpiTarget))!),
    days: draft.unlimited_duration ? null : (draft.cpiDays ?? LIMITS.cpiDays),
    geo,
    levels,
    targetCountries,
    countries: draft.cpiCountry ? [...new Set(draft.cpiCountry)] : targetCountries,
    languages: draft.cpiLanguages ? [...new Set(draft.cpiLanguages)] : ['english'],
    headline1: draft.cpiHeadline1 ?? '',
    headline2: draft.cpiHeadline2 ?? '',
    adText: draft.cpiAdAssets ?? '',
    deeplink: draft.deeplink || null,
  };
}

/**
 * What a CPI body must carry beyond each field's own rule, by field: headlines and description required
 * and all different (case-insensitive), a budget of at least one install at the target CPI, target
 * countries chosen and matching something, promotion countries among them, a language.
 */
export function cpiDraftIssues(draft: CpiDraftFields): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const plan = cpiPlanOf(draft);

  if (toMoney(plan.dailyBudget)! < toMoney(plan.targetCpi)!)
    fail('cpiBudget', CAMPAIGN_MESSAGES.cpiBudgetBelowTarget);
  if (!plan.geo.length && !plan.levels.length) fail('cpiGeo', CAMPAIGN_MESSAGES.cpiTargetsRequired);
  else if (!plan.targetCountries.length) fail('cpiGeo', CAMPAIGN_MESSAGES.cpiTargetsEmpty);
  else if (!plan.countries.length || plan.countries.some((code) => !plan.targetCountries.includes(code)))
    fail('cpiCountry', CAMPAIGN_MESSAGES.cpiPromotionOutside);
  if (!plan.languages.length) fail('cpiLanguages', CAMPAIGN_MESSAGES.cpiLanguageRequired);

  const texts = [
    ['cpiHeadline1', plan.headline1, CAMPAIGN_MESSAGES.cpiHeadline1Required],
    ['cpiHeadline2', plan.headline2, CAMPAIGN_MESSAGES.cpiHeadline2Required],
    ['cpiAdAssets', plan.adText, CAMPAIGN_MESSAGES.cpiDescriptionRequired],
  ] as const;
  const seen: string[] = [];
  for (const [field, text, required] of texts) {
    if (!text) {
      fail(field, required);
      continue;
    }
    const key = text.toLowerCase();
    if (seen.includes(key)) fail(field, CAMPAIGN_MESSAGES.cpiTextsUnique);
    seen.push(key);
  }
  return errors;
}
