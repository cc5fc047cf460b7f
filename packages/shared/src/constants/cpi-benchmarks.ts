import { CPI_COUNTRIES } from './cpi.js';
import { APP_STORES } from './domain.js';

/*
 * What an install is expected to cost, by country tier (the wizard's GEO group with the country's CPI level),
 * before a customer has figures of their own (docs/campaigns.md § CPI estimate, with the public benchmarks
 * these ranges span). Averages over every app category: games, finance and dating pay more, so the ranges
 * are wide and honest rather than a single figure.
 */

export const CPI_TIERS = [
  'northAmericaOceania',
  'westernEurope',
  'richAsia',
  'restOfEurope',
  'restOfAsia',
  'latinAmerica',
  'africa',
  'otherCountries',
] as const;
export type CpiTier = (typeof CPI_TIERS)[number];

/** Expected cost per install in USD (decimal strings), Google Play and App Store. */
export const CPI_BENCHMARKS: Record<CpiTier, Record<'android' | 'ios', { min: string; max: string }>> = {
  northAmericaOceania: { android: { min: '1.20', max: '3.50' }, ios: { min: '2.00', max: '5.50' } },
  westernEurope: { android: { min: '0.80', max: '2.50' }, ios: { min: '1.40', max: '4.00' } },
  richAsia: { android: { min: '0.80', max: '2.50' }, ios: { min: '1.00', max: '3.50' } },
  restOfEurope: { android: { min: '0.20', max: '0.90' }, ios: { min: '0.40', max: '1.50' } },
  restOfAsia: { android: { min: '0.10', max: '0.70' }, ios: { min: '0.30', max: '1.00' } },
  latinAmerica: { android: { min: '0.10', max: '0.60' }, ios: { min: '0.20', max: '1.00' } },
  africa: { android: { min: '0.05', max: '0.40' }, ios: { min: '0.15', max: '0.80' } },
  otherCountries: { android: { min: '0.10', max: '0.80' }, ios: { min: '0.20', max: '1.20' } },
};

const TIER_OF = new Map<string, CpiTier>(
  CPI_COUNTRIES.map((country) => {
    const high = country.level === 'high';
    const tier: CpiTier =
      country.geo === 'europe'
        ? high
          ? 'westernEurope'
          : 'restOfEurope'
        : country.geo === 'asia'
          ? high
            ? 'richAsia'
            : 'restOfAsia'
          : country.geo === 'latinAmerica'
            ? 'latinAmerica'
            : country.geo === 'africa'
              ? 'africa'
              : high
                ? 'northAmericaOceania'
                : 'otherCountries';
    return [country.code, tier];
  }),
);

/** The tier of a country code (an unknown code counts as `otherCountries`). */
export function cpiTierOf(code: string): CpiTier {
  return TIER_OF.get(code.toUpperCase()) ?? 'otherCountries';
}

/** The benchmark range of a tier on an app store (1 Google Play, 2 App Store). */
export function cpiBenchmark(tier: CpiTier, appstore: number) {
  return CPI_BENCHMARKS[tier][appstore === APP_STORES.APP_STORE ? 'ios' : 'android'];
}

/** A customer's own figures replace the benchmark of a country once its last 30 days hold this many installs. */
export const CPI_OWN_FIGURES = { days: 30, minInstalls: 5 } as const;
