import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as shared from '@storelift/shared';
import {
  GEO_GROUPS,
  constantsResponseSchema,
  countryFiltersSchema,
  countryListSchema,
  countryOneSchema,
  idParamsSchema,
  languageListSchema,
} from '@storelift/shared';
import { NotFoundError } from '../../lib/errors.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { orderableProductTypes } from './orderable-products.js';
import { findCountry, listCountries, listLanguages } from './reference.repo.js';

const tags = ['reference'];

/** The enumerations of customer-area §9, built once from the shared constants. */
const CONSTANTS = {
  appStores: shared.APP_STORES,
  productTypes: shared.PRODUCT_TYPES,
  campaignTypes: shared.CAMPAIGN_TYPES,
  campaignStatuses: shared.CAMPAIGN_STATUSES,
  campaignFilterTabs: shared.CAMPAIGN_FILTER_TABS,
  paymentSystems: shared.PAYMENT_SYSTEMS,
  deliveryTypes: shared.DELIVERY_TYPES,
  promotionRules: shared.PROMOTION_RULES,
  rateTypes: shared.RATE_TYPES,
  reviewModes: shared.REVIEW_MODES,
  installDistributions: shared.INSTALL_DISTRIBUTIONS,
  authorGenders: shared.AUTHOR_GENDERS,
  cpiLevels: shared.CPI_LEVELS,
  geoGroups: shared.GEO_GROUPS,
  cpiLanguages: shared.CPI_LANGUAGES,
  storeFilters: shared.STORE_FILTERS,
  chartPeriods: shared.CHART_PERIODS,
  dateShortcuts: shared.DATE_SHORTCUTS,
  balanceFilters: shared.BALANCE_FILTERS,
  pricePlans: shared.PRICE_PLANS,
  marketingActionTypes: shared.MARKETING_ACTION_TYPES,
  businessTypes: shared.BUSINESS_TYPES,
  messengerTypes: shared.MESSENGER_TYPES,
  roles: shared.ROLES,
  locales: shared.LOCALES,
  limits: shared.LIMITS,
  defaults: shared.DEFAULTS,
  bonusProgramRules: shared.BONUS_PROGRAM_RULES,
  apiTokenPacks: shared.API_TOKEN_PACKS,
  apiCallCredits: shared.API_CALL_CREDITS,
  payoutMethods: shared.PAYOUT_METHODS,
  resellerChannels: shared.RESELLER_CHANNELS,
  resellerServices: shared.RESELLER_SERVICES,
  resellerCriteria: shared.RESELLER_CRITERIA,
  resellerMinSpent: shared.RESELLER_MIN_SPENT,
  startingSteps: shared.STARTING_STEPS,
};

/** Reference data the client preloads: constants, countries and languages (public). */
export async function referenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  r.get('/constants', { schema: { tags, response: { 200: constantsResponseSchema } } }, async () => ({
    data: { ...CONSTANTS, orderableProductTypes: orderableProductTypes(app.deps) },
  }));
  r.get('/country', { schema: { tags, response: { 200: countryListSchema } } }, async () => ({
    data: await listCountries(db),
  }));
  r.get('/country/get-filters', { schema: { tags, response: { 200: countryFiltersSchema } } }, async () => {
    const rows = await listCountries(db);
    const groups = GEO_GROUPS.filter((group) => group !== 'worldwide');
    const data: Record<string, string[]> = Object.fromEntries(
      groups.map((group) => [group, rows.filter((row) => row.geo === group).map((row) => row.code)]),
    );
    data.worldwide = rows.map((row) => row.code);
    return { data };
  });
  r.get(
    '/country/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: countryOneSchema, ...errorResponses } } },
    async (req) => {
      const country = await findCountry(db, req.params.id);
      if (!country) throw new NotFoundError();
      return { data: country };
    },
  );
  r.get('/languages', { schema: { tags, response: { 200: languageListSchema } } }, async () => ({
    data: await listLanguages(db),
  }));
}
