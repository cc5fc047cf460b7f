import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appListQuerySchema,
  appListResponseSchema,
  appResponseSchema,
  appStatusResponseSchema,
  campaignListQuerySchema,
  campaignListResponseSchema,
  campaignQuoteSchema,
  campaignResponseSchema,
  chartRankQuerySchema,
  chartRankResponseSchema,
  createAppBodySchema,
  createCampaignBodySchema,
  deletedResponseSchema,
  idParamsSchema,
  idempotencyKeyRule,
  keywordListQuerySchema,
  keywordListResponseSchema,
  keywordResponseSchema,
  createKeywordBodySchema,
  productStatisticsResponseSchema,
  publicActionResponseSchema,
  publicBalanceResponseSchema,
  publicOrderResponseSchema,
  statisticsFiltersSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  usageQuerySchema,
  usageResponseSchema,
  type PublicApiOperation,
} from '@storelift/shared';
import { errorBodySchema, errorResponses } from '../../lib/route-schemas.js';
import * as apps from '../apps/apps.service.js';
import { balancesOf } from '../ledger/ledger.js';
import { listTransactions } from '../billing/transactions.service.js';
import * as campaigns from '../campaigns/campaigns.service.js';
import * as keywords from '../keywords/keywords.service.js';
import { chartRank } from '../keywords/rank-history.service.js';
import { requestLocale } from '../reference/reference-texts.js';
import { productStatistics } from '../statistics/statistics.service.js';
import { registerPublicApiHooks } from './public-api.hooks.js';
import { usageOf } from './public-api.credits.js';
import { IDEMPOTENCY_HEADER, campaignAction, orderCampaign } from './public-api.orders.js';
import { publicApiReferenceRoutes } from './public-api.reference.js';
import { sandbox } from './public-api.sandbox.js';

/** Every answer of the public API may also be out of credits (402). */
const errors = { ...errorResponses, 402: errorBodySchema };

/** The OpenAPI part every operation shares: its id (the key of its price), tag and summary. */
const described = (operation: PublicApiOperation, tag: string, summary: string) => ({
  operationId: operation,
  tags: [tag],
  summary,
});

/**
 * The public API (`/api/v1`, customer-area §1, §9): the caller's own apps, keywords, campaigns, money and
 * statistics through the private API's services, authenticated by API token and paid with credits; a test
 * token's calls answer from the sandbox (docs/public-api.md).
 */
export async function publicApiRoutes(app: FastifyInstance) {
  registerPublicApiHooks(app);
  await app.register(publicApiReferenceRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const { db } = deps;
  const callerOf = (req: FastifyRequest) => req.apiCaller!;
  const userOf = (req: FastifyRequest) => callerOf(req).userId;
  // The test token's calls answer from the sandbox (public-api.sandbox.ts), never the caller's own data.
  const isTest = (req: FastifyRequest) => callerOf(req).test;
  const config = (operation: PublicApiOperation) => ({ operation });

  r.get(
    '/usage',
    {
      schema: {
        ...described('getUsage', 'usage', 'Calls and credits per day and operation; the credits left'),
        querystring: usageQuerySchema,
        response: { 200: usageResponseSchema, ...errors },
      },
      config: config('getUsage'),
    },
    (req) => usageOf(db, userOf(req), req.query),
  );

  r.get(
    '/apps',
    {
      schema: {
        ...described('listApps', 'apps', 'Your tracked apps, paged'),
        querystring: appListQuerySchema,
        response: { 200: appListResponseSchema, ...errors },
      },
      config: config('listApps'),
    },
    (req) => (isTest(req) ? sandbox.listApps(req.query) : apps.listApps(deps, userOf(req), req.query)),
  );
  r.post(
    '/apps',
    {
      schema: {
        ...described('addApp', 'apps', 'Track an app by store link or package in a country'),
        body: createAppBodySchema,
        response: { 200: appResponseSchema, 201: appResponseSchema, ...errors },
      },
      config: config('addApp'),
    },
    async (req, reply) =>
      isTest(req)
        ? reply.status(200).send(await sandbox.addApp(deps, req.body))
        : reply.status(201).send(await apps.addApp(deps, userOf(req), req.body)),
  );
  r.get(
    '/apps/:id/status',
    {
      schema: {
        ...described('getAppStatus', 'apps', 'Alive or banned in each country the app is tracked in'),
        params: idParamsSchema,
        response: { 200: appStatusResponseSchema, ...errors },
      },
      config: config('getAppStatus'),
    },
    (req) =>
      isTest(req) ? sandbox.appStatus(req.params.id) : apps.countryStatuses(deps, userOf(req), req.params.id),
  );

  r.get(
    '/keywords',
    {
      schema: {
        ...described('listKeywords', 'keywords', 'Keywords of an app and country with their current ranks'),
        querystring: keywordListQuerySchema,
        response: { 200: keywordListResponseSchema, ...errors },
      },
      config: config('listKeywords'),
    },
    (req) =>
      isTest(req) ? sandbox.listKeywords(req.query) : keywords.listKeywords(deps, userOf(req), req.query),
  );
  r.post(
    '/keywords',
    {
      schema: {
        ...described('addKeyword', 'keywords', 'Track a keyword for an app'),
        body: createKeywordBodySchema,
        response: { 200: keywordResponseSchema, 201: keywordResponseSchema, ...errors },
      },
      config: config('addKeyword'),
    },
    async (req, reply) =>
      isTest(req)
        ? reply.status(200).send(sandbox.addKeyword(req.body))
        : reply.status(201).send(await keywords.addKeyword(deps, userOf(req), req.body)),
  );
  r.delete(
    '/keywords/:id',
    {
      schema: {
        ...described('deleteKeyword', 'keywords', 'Stop tracking a keyword'),
        params: idParamsSchema,
        response: { 200: deletedResponseSchema, ...errors },
      },
      config: config('deleteKeyword'),
    },
    (req) =>
      isTest(req)
        ? sandbox.deleteKeyword(req.params.id)
        : keywords.deleteKeyword(deps, userOf(req), req.params.id),
  );
  r.get(
    '/keywords/:id/rank',
    {
      schema: {
        ...described(
          'getKeywordRank',
          'keywords',
          'The keyword’s current rank (checked now if never checked)',
        ),
        params: idParamsSchema,
        response: { 200: keywordResponseSchema, ...errors },
      },
      config: config('getKeywordRank'),
    },
    (req) =>
      isTest(req)
        ? sandbox.keywordRank(req.params.id)
        : keywords.keywordRank(deps, userOf(req), req.params.id),
  );
  r.get(
    '/keywords/:id/history',
    {
      schema: {
        ...described('getKeywordRankHistory', 'keywords', 'The keyword’s rank per day over a period'),
        params: idParamsSchema,
        querystring: chartRankQuerySchema.omit({ id: true }),
        response: { 200: chartRankResponseSchema, ...errors },
      },
      config: config('getKeywordRankHistory'),
    },
    (req) =>
      isTest(req)
        ? sandbox.keywordHistory(req.params.id)
        : chartRank(deps, userOf(req), { ...req.query, id: req.params.id }),
  );

  r.post(
    '/campaigns/quote',
    {
      schema: {
        ...described('quoteCampaign', 'campaigns', 'The price of a campaign body, nothing ordered'),
        body: createCampaignBodySchema,
        response: { 200: campaignQuoteSchema, ...errors },
      },
      config: config('quoteCampaign'),
    },
    (req) => campaigns.quote(deps, userOf(req), req.body),
  );
  r.post(
    '/campaigns',
    {
      schema: {
        ...described('orderCampaign', 'campaigns', 'Order a campaign (charged from the balance)'),
        description:
          'Send an `Idempotency-Key` header (any text up to 255 characters) to retry safely: a retry with the same key and body answers the first order and orders nothing more.',
        headers: z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeyRule.optional() }),
        body: createCampaignBodySchema,
        response: { 200: publicOrderResponseSchema, 201: publicOrderResponseSchema, ...errors },
      },
      config: config('orderCampaign'),
    },
    async (req, reply) => {
      const key = req.headers[IDEMPOTENCY_HEADER] as string | undefined;
      const { status, body } = await orderCampaign(deps, callerOf(req), req.body, key);
      return reply.status(status).send(body);
    },
  );
  r.get(
    '/campaigns',
    {
      schema: {
        ...described('listCampaigns', 'campaigns', 'Your campaigns of a status tab, paged'),
        querystring: campaignListQuerySchema,
        response: { 200: campaignListResponseSchema, ...errors },
      },
      config: config('listCampaigns'),
    },
    (req) =>
      isTest(req) ? sandbox.listCampaigns(req.query) : campaigns.listCampaigns(deps, userOf(req), req.query),
  );
  r.get(
    '/campaigns/:id',
    {
      schema: {
        ...described('getCampaign', 'campaigns', 'A campaign with its orders and their per-day delivery'),
        params: idParamsSchema,
        response: { 200: campaignResponseSchema, ...errors },
      },
      config: config('getCampaign'),
    },
    (req) =>
      isTest(req) ? sandbox.campaign(req.params.id) : campaigns.getCampaign(deps, userOf(req), req.params.id),
  );
  const actions = [
    ['pause', 'pauseCampaign', 'Pause an active campaign'],
    ['resume', 'resumeCampaign', 'Resume a paused campaign'],
    ['cancel', 'cancelCampaign', 'Cancel a campaign; the undelivered part is refunded'],
  ] as const;
  for (const [action, operation, summary] of actions) {
    r.post(
      `/campaigns/:id/${action}`,
      {
        schema: {
          ...described(operation, 'campaigns', summary),
          params: idParamsSchema,
          response: { 200: publicActionResponseSchema, ...errors },
        },
        config: config(operation),
      },
      (req) => campaignAction(deps, callerOf(req), req.params.id, action),
    );
  }

  r.get(
    '/balance',
    {
      schema: {
        ...described('getBalance', 'money', 'Your main, bonus and referral balances'),
        response: { 200: publicBalanceResponseSchema, ...errors },
      },
      config: config('getBalance'),
    },
    async (req) => (isTest(req) ? sandbox.balance() : { data: await balancesOf(db, userOf(req)) }),
  );
  r.get(
    '/transactions',
    {
      schema: {
        ...described('listTransactions', 'money', 'Your ledger rows, paged'),
        querystring: transactionListQuerySchema,
        response: { 200: transactionListResponseSchema, ...errors },
      },
      config: config('listTransactions'),
    },
    (req) =>
      isTest(req)
        ? sandbox.listTransactions(req.query)
        : listTransactions(db, userOf(req), req.query, requestLocale(req)),
  );
  r.get(
    '/statistics',
    {
      schema: {
        ...described('getStatistics', 'statistics', 'Installs and spending per product over a period'),
        querystring: statisticsFiltersSchema,
        response: { 200: productStatisticsResponseSchema, ...errors },
      },
      config: config('getStatistics'),
    },
    (req) => (isTest(req) ? sandbox.statistics() : productStatistics(deps, userOf(req), req.query)),
  );
}
