import type { z } from 'zod';
import {
  CAMPAIGN_ACTIONS,
  CAMPAIGN_FILTER_TABS,
  MESSAGES,
  PUBLIC_API_MESSAGES,
  type App,
  type Campaign,
  type CampaignAction,
  type Keyword,
  type Transaction,
  type createAppBodySchema,
  type createKeywordBodySchema,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { refuseBlockedApp } from '../access-lists/access-lists.service.js';
import { countryOrFail, packageFromInput } from '../apps/apps.service.js';
import { allowIn } from '../campaigns/campaigns.service.js';

/*
 * The test token's sandbox (docs/public-api.md, Test token): reads answer the fixed sample account below, in
 * the live answers' shapes (every name says "Sample"), never the caller's own data; writes are checked by the
 * live rules that need no store and no money and answered as dry runs, writing nothing.
 */

const AT = '2026-01-05T10:00:00.000Z';
const US = { id: 1, code: 'US', name: 'United States' };

const SAMPLE_APP: App = {
  uuid: '00000000-0000-4000-8000-000000000001',
  id: 1001,
  package: 'com.example.sample',
  icon: '',
  title: 'Sample app (test token)',
  votes: 1200,
  rating: 4.5,
  price: '0',
  developer: 'Sample developer',
  appstore: 1,
  content_rating: 'Everyone',
  url: 'https://play.google.com/store/apps/details?id=com.example.sample',
  country: US,
  countries: ['US'],
  is_alive: true,
  status_message: null,
  is_favorite: false,
  promotion_value: '24.0000',
  props: [
    { prop_name: 'alive', prop_value: true, country: 'US' },
    { prop_name: 'is_pending', prop_value: false, country: 'US' },
    { prop_name: 'status_message', prop_value: null, country: 'US' },
  ],
  created_at: AT,
};

const keyword = (id: number, text: string, rank: number): Keyword => ({
  id,
  keyword: text,
  rank,
  rank_state: 'ok',
  change: 2,
  score: 40,
  searches: 1500,
  favorite: false,
  last_update: AT,
  country: 'US',
  app_id: SAMPLE_APP.id,
});
const SAMPLE_KEYWORDS = [keyword(2001, 'sample tracker', 12), keyword(2002, 'sample workout', 37)];

const campaign = (id: number, status: Campaign['status'], actual: number): Campaign => ({
  id,
  price: '24.0000',
  unit_price: '0.1200',
  status,
  type: 1,
  app: { id: SAMPLE_APP.id, title: SAMPLE_APP.title, icon: '', developer: SAMPLE_APP.developer },
  appstore: SAMPLE_APP.appstore,
  package: SAMPLE_APP.package,
  country: US,
  days: 2,
  installs: 100,
  installs_total: 200,
  installs_actual: actual,
  start_at: null,
  started_at: AT,
  finished_at: status === 'completed' ? '2026-01-07T10:00:00.000Z' : null,
  vendor: '',
  description: 'Sample campaign (test token)',
  deliveryType: 0,
  promotionRule: 0,
  distribution: 'equal',
  installsPlan: null,
  keywords: [],
  is_legacy: false,
  favorite: false,
  rateType: null,
  reviewMode: null,
  gender: null,
  language: null,
  checkedTerms: false,
  smart: false,
  budget: null,
  moderation_until: null,
  guarantee_until: null,
  created_at: AT,
  updated_at: AT,
});
const SAMPLE_CAMPAIGNS = [campaign(3001, 'active', 60), campaign(3002, 'completed', 200)];

const transaction = (id: number, fields: Partial<Transaction>): Transaction => ({
  id,
  type: 'top_up',
  account: 'main',
  account_id: 1,
  amount: '100.0000',
  balance_after: '100.0000',
  reference_type: null,
  reference_id: null,
  description: null,
  description_key: null,
  description_params: null,
  by_support: false,
  appstore: null,
  package: null,
  created_at: AT,
  ...fields,
});
const SAMPLE_TRANSACTIONS = [
  transaction(4003, {
    type: 'campaign_charge',
    amount: '-24.0000',
    balance_after: '52.0000',
    reference_type: 'campaign',
    reference_id: '3002',
    description: 'Sample: Campaign #3002',
    appstore: 1,
    package: SAMPLE_APP.package,
  }),
  transaction(4002, {
    type: 'campaign_charge',
    amount: '-24.0000',
    balance_after: '76.0000',
    reference_type: 'campaign',
    reference_id: '3001',
    description: 'Sample: Campaign #3001',
    appstore: 1,
    package: SAMPLE_APP.package,
  }),
  transaction(4001, { description: 'Sample: Top-up' }),
];

const meta = (total: number, page: number, limit: number) => ({
  total,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / limit)),
  per_page: limit,
});
/** The sample rows of a page. */
const pageOf = <T>(rows: T[], page: number, limit: number) => rows.slice((page - 1) * limit, page * limit);

const found = <T extends { id: number }>(rows: T[], id: number): T => {
  const row = rows.find((each) => each.id === id);
  if (!row) throw new NotFoundError();
  return row;
};

interface Paged {
  page: number;
  limit: number;
}

export const sandbox = {
  listApps: ({ page, limit }: Paged) => ({
    data: pageOf([SAMPLE_APP], page, limit),
    count: 1,
    counts: { all: 1, fav: 0, ban: 0, android: 1, ios: 0 },
    meta: meta(1, page, limit),
  }),
  appStatus: (id: number) => ({
    data: found([SAMPLE_APP], id).countries.map((country) => ({
      country,
      alive: true,
      is_pending: false,
      status_message: null,
    })),
  }),
  listKeywords: ({ page, limit }: Paged) => ({
    data: pageOf(SAMPLE_KEYWORDS, page, limit),
    meta: meta(SAMPLE_KEYWORDS.length, page, limit),
    favCount: 0,
    allCount: SAMPLE_KEYWORDS.length,
    arIds: SAMPLE_KEYWORDS.map((row) => row.id),
  }),
  keywordRank: (id: number) => ({ data: found(SAMPLE_KEYWORDS, id) }),
  keywordHistory: (id: number) => {
    const rank = found(SAMPLE_KEYWORDS, id).rank ?? 0;
    const days = ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'];
    return { data: days.map((date, day) => ({ date, rank: rank + 4 - day, state: 'ok' as const })) };
  },
  listCampaigns: ({ page, limit }: Paged) => ({
    data: pageOf(SAMPLE_CAMPAIGNS, page, limit),
    meta: meta(SAMPLE_CAMPAIGNS.length, page, limit),
    counts: Object.fromEntries(
      CAMPAIGN_FILTER_TABS.map((tab) => [
        tab,
        tab === 'all' ? 2 : tab === 'active' || tab === 'completed' ? 1 : 0,
      ]),
    ) as Record<(typeof CAMPAIGN_FILTER_TABS)[number], number>,
  }),
  campaign: (id: number) => ({ data: found(SAMPLE_CAMPAIGNS, id) }),
  balance: () => ({ data: { main: '52.0000', bonus: '0.0000', referral: '0.0000' } }),
  listTransactions: ({ page, limit }: Paged) => ({
    data: pageOf(SAMPLE_TRANSACTIONS, page, limit),
    meta: meta(SAMPLE_TRANSACTIONS.length, page, limit),
  }),
  statistics: () => {
    const figures = { delivered: 260, planned: 400, spend: '31.2000' };
    const day = { delivered: 130, planned: 200, spend: '15.6000' };
    return {
      data: {
        period: { from: '2026-01-05', to: '2026-01-06' },
        days: ['2026-01-05', '2026-01-06'].map((date) => ({
          date,
          ...day,
          products: [{ product_type: 1, ...day }],
        })),
        products: [{ product_type: 1, ...figures }],
        total: figures,
      },
    };
  },

  /** `POST apps`: the live checks that need no store (package or link, blocked apps, country), then the sample. */
  async addApp(deps: Deps, body: z.output<typeof createAppBodySchema>) {
    const packageId = packageFromInput(body.appstore, body.package);
    await refuseBlockedApp(deps.db, packageId);
    const country = await countryOrFail(deps.db, body.country);
    if (packageId === SAMPLE_APP.package && SAMPLE_APP.countries.includes(country.code))
      throw ValidationError.field('package', MESSAGES.appAlreadyAdded);
    const app: App = {
      ...SAMPLE_APP,
      id: SAMPLE_APP.id + 1,
      package: packageId,
      appstore: body.appstore,
      country: { id: country.id, code: country.code, name: country.name },
      countries: [country.code],
      promotion_value: '0.0000',
      props: SAMPLE_APP.props.map((prop) => ({ ...prop, country: country.code })),
    };
    return { data: app, message: PUBLIC_API_MESSAGES.dryRun };
  },
  /** `POST keywords`: a keyword of the sample app, refused as live when it is tracked already. */
  addKeyword(body: z.output<typeof createKeywordBodySchema>) {
    if (SAMPLE_KEYWORDS.some((row) => row.keyword === body.keyword))
      throw ValidationError.field('keyword', MESSAGES.keywordDuplicate);
    const added = { ...keyword(2003, body.keyword, 0), rank: null, rank_state: 'not_checked' as const };
    return { data: { ...added, change: null, last_update: null }, message: PUBLIC_API_MESSAGES.dryRun };
  },
  deleteKeyword: (id: number) => {
    found(SAMPLE_KEYWORDS, id);
    return { message: PUBLIC_API_MESSAGES.dryRun, count: 1 };
  },
  /** Pause, resume or cancel of a sample campaign: 409 as live when its status forbids it. */
  campaignAction(id: number, action: CampaignAction) {
    const data = found(SAMPLE_CAMPAIGNS, id);
    allowIn(data, CAMPAIGN_ACTIONS[action]);
    return { data, dry_run: true, message: PUBLIC_API_MESSAGES.dryRun };
  },
};
