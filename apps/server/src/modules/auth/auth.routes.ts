import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeLocaleBodySchema,
  emailBodySchema,
  loginAsBodySchema,
  loginAsResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  passwordResetStoreBodySchema,
  registerBodySchema,
  userSchema,
  ROLE_ALL,
} from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { authOf, permissionsOf } from '../sessions/auth.plugin.js';
import * as auth from './auth.service.js';
import { exchangeLoginCode } from './impersonation.service.js';

const tags = ['auth'];

/** Account and session endpoints of customer-area §7 (under /api/private/v1). */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const rateLimited = { rateLimit: { max: deps.config.authRateLimit, timeWindow: '1 minute' } };
  const signedIn = app.allow([ROLE_ALL]);

  r.post(
    '/login',
    {
      schema: { tags, body: loginBodySchema, response: { 200: loginResponseSchema, ...errorResponses } },
      config: rateLimited,
    },
    (req) => auth.login(deps, req.body),
  );
  r.post(
    '/register',
    {
      schema: { tags, body: registerBodySchema, response: { 201: messageResponseSchema, ...errorResponses } },
      config: rateLimited,
    },
    async (req, reply) => reply.status(201).send(await auth.register(deps, req.body)),
  );
  r.post(
    '/forgot-password',
    {
      schema: { tags, body: emailBodySchema, response: { 200: messageResponseSchema, ...errorResponses } },
      config: rateLimited,
    },
    (req) => auth.forgotPassword(deps, req.body.email),
  );
  r.post(
    '/email/verification-notification',
    {
      schema: { tags, body: emailBodySchema, response: { 200: messageResponseSchema, ...errorResponses } },
      config: rateLimited,
    },
    (req) => auth.resendVerification(deps, req.body.email),
  );
  r.get(
    '/email/verify',
    { schema: { tags, querystring: z.object({ token: z.string().max(200).default('') }) } },
    async (req, reply) =>
      reply.redirect(`/login?verified=${(await auth.verifyEmail(deps, req.query.token)) ? 1 : 0}`),
  );
  r.post(
    '/password-reset-store',
    {
      schema: {
        tags,
        body: passwordResetStoreBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
      config: rateLimited,
    },
    (req) => auth.resetPassword(deps, req.body),
  );
  r.post(
    '/login-as',
    {
      schema: { tags, body: loginAsBodySchema, response: { 200: loginAsResponseSchema, ...errorResponses } },
      config: rateLimited,
    },
    (req) => exchangeLoginCode(deps, req.body.code),
  );
  r.post(
    '/me',
    {
      schema: { tags, response: { 200: meResponseSchema, ...errorResponses } },
      onRequest: signedIn,
      config: { readOnly: true },
    },
    async (req) => auth.me(deps, authOf(req), await permissionsOf(req)),
  );
  r.post(
    '/logout',
    { schema: { tags, response: { 200: messageResponseSchema, ...errorResponses } }, onRequest: signedIn },
    (req) => auth.logout(deps, authOf(req)),
  );
  r.post(
    '/changeLocale',
    {
      schema: {
        tags,
        body: changeLocaleBodySchema,
        response: { 200: z.object({ user: userSchema }), ...errorResponses },
      },
      onRequest: signedIn,
    },
    (req) => auth.changeLocale(deps, authOf(req), req.body.locale),
  );
}
