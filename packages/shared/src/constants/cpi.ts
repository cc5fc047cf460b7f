import { COUNTRIES, type GeoGroup } from './countries.js';
import { geoTargetOf } from './geo-targets.js';
import type { CPI_LANGUAGES, CPI_LEVELS, GEO_GROUPS } from './domain.js';

/** A CPI level of the wizard's checkbox group (customer-area §3): what an install costs there. */
export type CpiLevel = (typeof CPI_LEVELS)[number];
/** A GEO checkbox of the wizard: one of the four groups of `COUNTRIES`, or every country. */
export type CpiGeo = (typeof GEO_GROUPS)[number];
export type CpiLanguage = (typeof CPI_LANGUAGES)[number];

/*
 * Our CPI level table (the spec names the levels only): `high` are the markets where an install costs the
 * most (North America, Western Europe and the Nordics, Oceania, the rich Asian and Gulf markets),
 * `medium` the rest of Europe, the larger Latin American and Asian markets and South Africa; every other
 * country is `low`.
 */
const HIGH = 'AE AT AU BE CA CH DE DK FI FR GB HK IE IL IS JP KR KW LI LU MC NL NO NZ QA SE SG TW US';
const MEDIUM =
  'AD AR BG BH BR CL CN CO CR CY CZ EE ES GR HR HU IT LT LV MO MT MX MY OM PA PL PR PT RO RU SA SI SK SM TH TR UY ZA';
const LEVEL_OF = new Map<string, CpiLevel>([
  ...HIGH.split(' ').map((code) => [code, 'high'] as const),
  ...MEDIUM.split(' ').map((code) => [code, 'medium'] as const),
]);

/**
 * Every country CPI campaigns can target with its GEO group (null: none of the four, only `worldwide`) and CPI
 * level: those Google Ads has a geo target for (constants/geo-targets.ts), so no campaign lists a country its ads
 * cannot run in.
 */
export const CPI_COUNTRIES: readonly { code: string; geo: GeoGroup | null; level: CpiLevel }[] =
  COUNTRIES.filter((country) => geoTargetOf(country.code) !== null).map((country) => ({
    ...country,
    level: LEVEL_OF.get(country.code) ?? 'low',
  }));

/**
 * The target countries a choice of GEO groups and CPI levels means: the countries in any chosen GEO
 * group (`worldwide`, or no group, = every country) whose level is one of the chosen levels (no level =
 * every level). Nothing chosen at all means no country. Sorted codes.
 */
export function cpiTargetCountries(choice: {
  geo?: readonly CpiGeo[];
  levels?: readonly CpiLevel[];
}): string[] {
  const geo = choice.geo ?? [];
  const levels = choice.levels ?? [];
  if (!geo.length && !levels.length) return [];
  const everywhere = !geo.length || geo.includes('worldwide');
  return CPI_COUNTRIES.filter(
    (country) =>
      (everywhere || (country.geo !== null && geo.includes(country.geo))) &&
      (!levels.length || levels.includes(country.level)),
  ).map((country) => country.code);
}
