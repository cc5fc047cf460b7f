import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROLE_ALL,
  adminNoticeListQuerySchema,
  adminNoticeListResponseSchema,
  campaignMessageBodySchema,
  campaignMessageListResponseSchema,
  campaignMessageResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  noticeEmailPreferencesResponseSchema,
  noticeEmailPreferencesSchema,
  noticeListQuerySchema,
  noticeListResponseSchema,
  noticeResponseSchema,
  noticeTemplateBodySchema,
  noticeTemplateListQuerySchema,
  noticeTemplateListResponseSchema,
  noticeTemplateResponseSchema,
  notificationListResponseSchema,
  pageQuerySchema,
  sendNoticeBodySchema,
  sendNoticeResponseSchema,
  unreadCampaignMessagesResponseSchema,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf } from '../sessions/auth.plugin.js';
import { requestLocale } from '../reference/reference-texts.js';
import * as messages from './campaign-messages.service.js';
import * as notices from './notices.service.js';

/** Notices, pinned notifications, e-mail choices and campaign threads of customer-area §4, §7 (private API). */
export async function noticesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['notices'];
  const onRequest = app.allow([ROLE_ALL]);
  const userOf = (req: FastifyRequest) => authOf(req).user.id;

  r.get(
    '/notices',
    {
      schema: {
        tags,
        querystring: noticeListQuerySchema,
        response: { 200: noticeListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => notices.listOwn(db, userOf(req), req.query, requestLocale(req)),
  );
  r.put(
    '/notices/:id/view',
    {
      schema: { tags, params: idParamsSchema, response: { 200: noticeResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => notices.viewOwn(db, userOf(req), req.params.id, requestLocale(req)),
  );
  r.get(
    '/notices/email-preferences',
    {
      schema: { tags, response: { 200: noticeEmailPreferencesResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => notices.emailPreferences(db, userOf(req)),
  );
  r.put(
    '/notices/email-preferences',
    {
      schema: {
        tags,
        body: noticeEmailPreferencesSchema,
        response: { 200: noticeEmailPreferencesResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => notices.setEmailPreferences(db, userOf(req), req.body),
  );
  r.get(
    '/notifications',
    { schema: { tags, response: { 200: notificationListResponseSchema, ...errorResponses } }, onRequest },
    (req) => notices.listNotifications(db, userOf(req)),
  );
  r.put(
    '/notifications/deactivate/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: messageResponseSchema, ...errorResponses } },
      onRequest,
    },
    (req) => notices.deactivateNotification(db, userOf(req), req.params.id),
  );
  r.get(
    '/campaigns/:id/messages',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: campaignMessageListResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => messages.thread(db, req.params.id, { staff: false, ownerId: userOf(req) }, req.query),
  );
  r.post(
    '/campaigns/:id/messages',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: campaignMessageBodySchema,
        response: { 200: campaignMessageResponseSchema, ...errorResponses },
      },
      onRequest,
    },
    (req) => messages.customerWrites(db, userOf(req), req.params.id, req.body),
  );
}

/** Staff: notices to a user, notice templates and campaign threads (staff-admin §7, admin API). */
export async function adminNoticesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['admin: notices'];
  const templates = app.permit('notice-templates');

  r.get(
    '/notices',
    {
      schema: {
        tags,
        querystring: adminNoticeListQuerySchema,
        response: { 200: adminNoticeListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-details'),
    },
    (req) => notices.adminList(db, req.query, requestLocale(req)),
  );
  r.post(
    '/notices',
    {
      schema: {
        tags,
        body: sendNoticeBodySchema,
        response: { 200: sendNoticeResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('notices.send'),
    },
    (req) => notices.send(db, authOf(req).user.id, req.body, requestLocale(req)),
  );
  r.get(
    '/notices/notice-templates',
    {
      schema: {
        tags,
        querystring: noticeTemplateListQuerySchema,
        response: { 200: noticeTemplateListResponseSchema, ...errorResponses },
      },
      onRequest: templates,
    },
    (req) => notices.listTemplates(db, req.query),
  );
  r.post(
    '/notices/notice-templates',
    {
      schema: {
        tags,
        body: noticeTemplateBodySchema,
        response: { 200: noticeTemplateResponseSchema, ...errorResponses },
      },
      onRequest: templates,
    },
    (req) => notices.createTemplate(db, req.body),
  );
  r.put(
    '/notices/notice-templates/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: noticeTemplateBodySchema,
        response: { 200: noticeTemplateResponseSchema, ...errorResponses },
      },
      onRequest: templates,
    },
    (req) => notices.updateTemplate(db, req.params.id, req.body),
  );
  r.delete(
    '/notices/notice-templates/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: deletedResponseSchema, ...errorResponses } },
      onRequest: templates,
    },
    (req) => notices.deleteTemplate(db, req.params.id),
  );
  r.get(
    '/campaign-messages/unread',
    {
      schema: { tags, response: { 200: unreadCampaignMessagesResponseSchema, ...errorResponses } },
      onRequest: app.permit('user-orders'),
    },
    () => messages.unreadByCampaign(db),
  );
  r.get(
    '/campaigns/:id/messages',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: campaignMessageListResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-orders'),
    },
    (req) => messages.thread(db, req.params.id, { staff: true }, req.query),
  );
  r.post(
    '/campaigns/:id/messages',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: campaignMessageBodySchema,
        response: { 200: campaignMessageResponseSchema, ...errorResponses },
      },
      onRequest: app.permit('user-orders'),
    },
    (req) => messages.staffWrites(db, authOf(req).user.id, req.params.id, req.body),
  );
}
