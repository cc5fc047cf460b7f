import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STAFF_CAMPAIGN_ACTIONS,
  adminCampaignActionQuerySchema,
  adminCampaignStartQuerySchema,
  adminCampaignListQuerySchema,
  adminCampaignListResponseSchema,
  adminCampaignResponseSchema,
  adminUpdateCampaignBodySchema,
  campaignProgressResponseSchema,
  changeVendorBodySchema,
  idParamsSchema,
  partnerResponseSchema,
  setPartnerBodySchema,
  staffActionPermission,
  statusHistoryResponseSchema,
  type StaffCampaignAction,
} from '@storelift/shared';
import { errorResponses } from '../../../lib/route-schemas.js';
import { authOf, permissionsOf, requirePermission } from '../../sessions/auth.plugin.js';
import * as admin from './campaigns.admin.js';

const tags = ['admin: campaigns'];

/** Staff calls for every user's campaigns (staff-admin §7, user orders), under /api/admin/v1. */
export async function adminCampaignsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const onRequest = app.permit('user-orders');
  const actor = (req: FastifyRequest) => authOf(req).user.id;
  const one = { 200: adminCampaignResponseSchema, ...errorResponses };
  const params = idParamsSchema;

  // What a vendor costs us is the vendors' page's business (admins by default): other staff get no figure.
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if ((await permissionsOf(req)).has('vendors')) return payload;
    const data = (payload as { data?: unknown } | null)?.data;
    for (const row of [data].flat())
      if (row && typeof row === 'object' && 'vendor_cost' in row)
        Object.assign(row, { vendor_cost: null, margin: null });
    return payload;
  });

  r.get(
    '/campaigns',
    {
      schema: {
        tags,
        querystring: adminCampaignListQuerySchema,
        response: { 200: adminCampaignListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => admin.listAllCampaigns(deps, req.query),
  );
  r.get('/campaigns/:id', { schema: { tags, params, response: one }, onRequest }, (req) =>
    admin.getAnyCampaign(deps, req.params.id),
  );
  r.put(
    '/campaigns/:id',
    { schema: { tags, params, body: adminUpdateCampaignBodySchema, response: one }, onRequest },
    async (req) => {
      // The notes are the page's; the partner is a function of its own (staff-admin §6).
      if (req.body.partner !== undefined) await requirePermission(req, 'campaigns.set-partner');
      return admin.updateAnyCampaign(deps, actor(req), req.params.id, req.body);
    },
  );
  r.get(
    '/campaigns/:id/partners',
    { schema: { tags, params, response: { 200: partnerResponseSchema, ...errorResponses } }, onRequest },
    (req) => admin.partnerOf(deps, req.params.id),
  );
  r.post(
    '/campaigns/:id/partners',
    {
      schema: {
        tags,
        params,
        body: setPartnerBodySchema,
        response: { 200: partnerResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('campaigns.set-partner'),
    },
    (req) => admin.setPartner(deps, actor(req), req.params.id, req.body.partner),
  );
  r.put(
    '/campaigns/:id/vendor',
    {
      schema: { tags, params, body: changeVendorBodySchema, response: one },
      onRequest: app.permit('campaigns.change-vendor'),
    },
    (req) => admin.changeVendor(deps, actor(req), req.params.id, req.body.vendor_id),
  );
  r.post(
    '/campaigns/:id/status-history',
    {
      schema: { tags, params, response: { 200: statusHistoryResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => admin.statusHistory(deps, req.params.id),
  );
  r.post(
    '/campaigns/:id/progress',
    {
      schema: { tags, params, response: { 200: campaignProgressResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => admin.progress(deps, req.params.id),
  );
  r.get(
    '/campaigns/:id/start',
    { schema: { tags, params, querystring: adminCampaignStartQuerySchema, response: one }, onRequest },
    (req) => admin.staffAct(deps, actor(req), req.params.id, 'start', req.query),
  );
  const others = (Object.keys(STAFF_CAMPAIGN_ACTIONS) as StaffCampaignAction[]).filter(
    (action) => action !== 'start',
  );
  for (const action of others) {
    r.get(
      `/campaigns/:id/${action}`,
      {
        schema: { tags, params, querystring: adminCampaignActionQuerySchema, response: one },
        onRequest: app.permit(staffActionPermission(action)),
      },
      (req) => admin.staffAct(deps, actor(req), req.params.id, action, req.query),
    );
  }
}
