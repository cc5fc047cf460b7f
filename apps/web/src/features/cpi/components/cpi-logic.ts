import {
  CPI_LANGUAGES,
  CPI_LEVELS,
  cpiDraftSchema,
  cpiTargetCountries,
  formatMoney,
  createCampaignBodySchema,
  GEO_GROUPS,
  LIMITS,
  PRODUCT_TYPES,
  toMoney,
  type Campaign,
  type CpiGeo,
  type CpiLanguage,
  type CpiLevel,
} from '@storelift/shared';
import type { FormSchema } from '../../../lib/use-schema-form';
import type { CpiBody } from '../api/cpi';

/** The wizard's steps after the intro (customer-area §2), in order. */
export const CPI_STEPS = ['intro', 'target', 'promotion', 'budget', 'ads', 'summary'] as const;
export type CpiStep = (typeof CPI_STEPS)[number];

/** The wizard's values: named as in `POST campaigns`, so a 422's messages land on them. */
export interface CpiFormValues extends Record<string, unknown> {
  packageId: string;
  appstore: number;
  country: string;
  cpiGeo: CpiGeo[];
  cpiLevels: CpiLevel[];
  cpiCountry: string[];
  cpiLanguages: CpiLanguage[];
  cpiBudget: number | string;
  cpiTarget: number | string;
  cpiDays: number | string;
  unlimited_duration: boolean;
  cpiHeadline1: string;
  cpiHeadline2: string;
  cpiAdAssets: string;
  deeplink: string;
}

/** The fields each step checks before Next; a 422 on one of them sends the user back to its step. */
export const STEP_FIELDS: Record<CpiStep, readonly (keyof CpiFormValues & string)[]> = {
  intro: [],
  target: ['packageId', 'country', 'cpiGeo', 'cpiLevels'],
  promotion: ['cpiCountry', 'cpiLanguages'],
  budget: ['cpiBudget', 'cpiTarget', 'cpiDays', 'unlimited_duration'],
  ads: ['cpiHeadline1', 'cpiHeadline2', 'cpiAdAssets', 'deeplink'],
  summary: [],
};

/**
 * The shared rules over the body the wizard would send, as a Standard Schema: the `POST campaigns` body
 * (app, country, each field) and the CPI draft's own rules (required, unique, countries, budget).
 */
export const cpiFormSchema: FormSchema = {
  '~standard': {
    async validate(value: unknown) {
      const body = cpiBodyFromValues(value as CpiFormValues);
      const results = await Promise.all([
        createCampaignBodySchema['~standard'].validate(body),
        cpiDraftSchema['~standard'].validate(body),
      ]);
      return { issues: results.flatMap((result) => result.issues ?? []) };
    },
  },
};

/** The step (index in CPI_STEPS) that shows a field; the summary for fields no step shows. */
export function stepOfField(field: string): number {
  const index = CPI_STEPS.findIndex((step) => (STEP_FIELDS[step] as readonly string[]).includes(field));
  return index < 0 ? CPI_STEPS.indexOf('summary') : index;
}

/** The first step with one of these errors, or null when none has any. */
export function firstStepWithErrors(errors: Readonly<Record<string, string | undefined>>): number | null {
  const steps = Object.entries(errors)
    .filter(([, message]) => Boolean(message))
    .map(([field]) => stepOfField(field));
  return steps.length ? Math.min(...steps) : null;
}

/** The errors of one step's fields, out of every error of the schema. */
export function stepErrors(
  step: CpiStep,
  errors: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const field of STEP_FIELDS[step]) {
    const message = errors[field];
    if (message) result[field] = message;
  }
  return result;
}

/** A new campaign with the defaults of customer-area §9. */
export function emptyCpiValues(): CpiFormValues {
  return {
    packageId: '',
    appstore: 1,
    country: '',
    cpiGeo: [],
    cpiLevels: [],
    cpiCountry: [],
    cpiLanguages: ['english'],
    cpiBudget: LIMITS.cpiDailyBudget,
    cpiTarget: LIMITS.cpiTarget,
    cpiDays: LIMITS.cpiDays,
    unlimited_duration: false,
    cpiHeadline1: '',
    cpiHeadline2: '',
    cpiAdAssets: '',
    deeplink: '',
  };
}

/** The countries the target step's choice means (the shared table of GEO groups and CPI levels). */
export function targetCountries(values: Pick<CpiFormValues, 'cpiGeo' | 'cpiLevels'>): string[] {
  return cpiTargetCountries({ geo: values.cpiGeo, levels: values.cpiLevels });
}

/** An amount the user typed as a money value (ten-thousandths), or null when it is not one. */
function moneyOf(value: number | string): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  return text === '' ? null : toMoney(text);
}

/** The charge when the campaign starts: twice the daily budget (customer-area §9), as a decimal text. */
export function startCharge(budget: number | string): string | null {
  const amount = moneyOf(budget);
  return amount === null ? null : formatMoney(amount * 2n);
}

/** Installs a day the budget buys at the target CPI, rounded down; null while either is unusable. */
export function installsPerDay(budget: number | string, target: number | string): number | null {
  const money = moneyOf(budget);
  const cpi = moneyOf(target);
  if (money === null || cpi === null || cpi <= 0n || money < 0n) return null;
  return Number(money / cpi);
}

/** What the balance (main + bonus, a decimal text) lacks for the start charge; null when it covers it. */
export function shortfall(balance: string | null | undefined, charge: string | null): string | null {
  if (balance === null || balance === undefined || charge === null) return null;
  const have = toMoney(balance);
  const need = toMoney(charge);
  return have === null || need === null || have >= need ? null : formatMoney(need - have);
}

/** The balance left once the start charge is taken (negative when short); null while either is unknown. */
export function balanceAfterCharge(balance: string | null | undefined, charge: string | null): string | null {
  if (balance === null || balance === undefined || charge === null) return null;
  const have = toMoney(balance);
  const need = toMoney(charge);
  return have === null || need === null ? null : formatMoney(have - need);
}

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The body of an order or a draft; numbers the form cannot read are sent as they are (422). */
export function cpiBodyFromValues(
  values: CpiFormValues,
  options: { startAt?: string | null; draft?: boolean } = {},
): CpiBody {
  const body: CpiBody = {
    productType: PRODUCT_TYPES.cpi,
    packageId: values.packageId,
    appstore: values.appstore as CpiBody['appstore'],
    country: values.country,
    cpiGeo: values.cpiGeo,
    cpiLevels: values.cpiLevels,
    cpiLanguages: values.cpiLanguages,
    cpiBudget: String(values.cpiBudget).trim(),
    cpiTarget: String(values.cpiTarget).trim(),
    cpiDays: values.unlimited_duration ? null : toNumber(values.cpiDays),
    unlimited_duration: values.unlimited_duration,
    cpiHeadline1: values.cpiHeadline1.trim(),
    cpiHeadline2: values.cpiHeadline2.trim(),
    cpiAdAssets: values.cpiAdAssets.trim(),
    deeplink: values.deeplink.trim(),
  };
  // No promotion country chosen: all the target countries (the server's default).
  if (values.cpiCountry.length) body.cpiCountry = values.cpiCountry;
  if (options.startAt) body.start_at = options.startAt;
  if (options.draft) body.draft = true;
  return body;
}

/** The promotion countries still among the target countries after the target choice changed. */
export function keptPromotionCountries(
  values: Pick<CpiFormValues, 'cpiGeo' | 'cpiLevels' | 'cpiCountry'>,
): string[] {
  const targets = new Set(targetCountries(values));
  return values.cpiCountry.filter((code) => targets.has(code));
}

const pick = <T extends string>(items: readonly string[], allowed: readonly T[]): T[] =>
  items.filter((item): item is T => (allowed as readonly string[]).includes(item));

/**
 * A CPI campaign's settings as a new order (`repeat` and `campaignId`); null for another type or when
 * the answer carries no CPI part (a list row, not details).
 */
export function cpiValuesFromCampaign(campaign: Campaign): CpiFormValues | null {
  const cpi = campaign.cpi;
  if (campaign.type !== PRODUCT_TYPES.cpi || !cpi) return null;
  const cpiGeo = pick(cpi.geo, GEO_GROUPS);
  const cpiLevels = pick(cpi.levels, CPI_LEVELS);
  const targets = targetCountries({ cpiGeo, cpiLevels });
  return {
    packageId: campaign.package,
    appstore: campaign.appstore,
    country: campaign.country.code.toUpperCase(),
    cpiGeo,
    cpiLevels,
    // Every target country was the default (none chosen): keep it the default.
    cpiCountry: cpi.countries.length === targets.length ? [] : [...cpi.countries],
    cpiLanguages: pick(cpi.languages, CPI_LANGUAGES),
    cpiBudget: decimalInput(cpi.daily_budget),
    cpiTarget: decimalInput(cpi.target_cpi),
    cpiDays: cpi.days ?? LIMITS.cpiDays,
    unlimited_duration: cpi.unlimited_duration,
    cpiHeadline1: cpi.headline1,
    cpiHeadline2: cpi.headline2,
    cpiAdAssets: cpi.description,
    deeplink: cpi.deeplink ?? '',
  };
}

/** "10.0000" → "10", "0.1500" → "0.15": a stored amount as the user would type it. */
function decimalInput(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * What the estimate asks about: the promotion countries (none chosen: every target country) and the target
 * CPI as a 4-place decimal text, or null while the typed target is not an amount.
 */
export function estimateInput(values: CpiFormValues): { countries: string[]; target: string | null } {
  const countries = values.cpiCountry.length ? [...values.cpiCountry].sort() : targetCountries(values);
  const target = moneyOf(values.cpiTarget);
  return { countries, target: target === null || target <= 0n ? null : formatMoney(target) };
}
