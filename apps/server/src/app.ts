import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { sql } from 'drizzle-orm';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installValidationMessages, MESSAGES, versionResponseSchema } from '@storelift/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { outboundPolicy, type OutboundPolicy } from './lib/public-url.js';
import type { Jobs } from './jobs/jobs.js';
import { adminSalesRoutes, managersRoutes } from './modules/sales/sales.routes.js';
import { adminTransfersRoutes, transfersRoutes } from './modules/transfers/transfers.routes.js';
import { registerAuth, requirePermissions } from './modules/sessions/auth.plugin.js';
import { registerErrorHandling } from './plugins/errors.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { registerServerErrorLog } from './modules/operations/server-errors.js';
import { createStoreProvider } from './providers/store/create-store-provider.js';
import type { StoreProvider } from './providers/store/store-provider.js';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes.js';
import { apiCreditsRoutes } from './modules/api-credits/api-credits.routes.js';
import { appsRoutes } from './modules/apps/apps.routes.js';
import { adminAppsRoutes } from './modules/apps/admin-apps.js';
import { adminReflinksRoutes } from './modules/reflinks/reflinks.routes.js';
import { adminBlogRoutes } from './modules/blog/blog.routes.js';
import { adminMarketingActionsRoutes } from './modules/marketing/marketing-actions.routes.js';
import { adminAdsReportRoutes } from './modules/marketing/ads-report.routes.js';
import { adminCpiAccountsRoutes } from './modules/cpi-accounts/cpi-accounts.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { adminBillingRoutes } from './modules/billing/admin-billing.routes.js';
import { adminReconciliationRoutes } from './modules/reconciliation/reconciliation.routes.js';
import { adminCampaignsRoutes } from './modules/campaigns/admin/campaigns.admin.routes.js';
import { adminVendorsRoutes } from './modules/vendors/vendors.routes.js';
import { adminAuditRoutes } from './modules/audit/audit.routes.js';
import { adminAccessListsRoutes } from './modules/access-lists/access-lists.routes.js';
import { adminImpersonationRoutes } from './modules/auth/impersonation.routes.js';
import { adminOperationsRoutes } from './modules/operations/operations.routes.js';
import {
  adminFunctionsRoutes,
  adminModulesRoutes,
  adminRolesRoutes,
} from './modules/permissions/permissions.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { paymentCallbackRoutes } from './modules/billing/payment-callbacks.routes.js';
import { adminBonusProgramRoutes, bonusProgramRoutes } from './modules/bonus-program/bonus-program.routes.js';
import { devMailboxRoutes } from './modules/mail/dev-mailbox.routes.js';
import { outboxDir } from './modules/mail/mailer.js';
import { adminEmailTemplatesRoutes } from './modules/mail/email-templates.routes.js';
import { keywordsRoutes } from './modules/keywords/keywords.routes.js';
import { pacingRoutes } from './modules/pacing/pacing.routes.js';
import { adminPlansRoutes, adminProductsRoutes, plansRoutes } from './modules/plans/plans.routes.js';
import { adminResellersRoutes, resellersRoutes } from './modules/resellers/resellers.routes.js';
import { adminPagesRoutes, pagesRoutes } from './modules/pages/pages.routes.js';
import { adminStaffHomeRoutes } from './modules/staff-home/staff-home.routes.js';
import { avatarFilesRoutes, profileRoutes } from './modules/profile/profile.routes.js';
import { adminReferralsRoutes, referralsRoutes } from './modules/referrals/referrals.routes.js';
import { referenceRoutes } from './modules/reference/reference.routes.js';
import { adminMaintenanceRoutes } from './modules/core-settings/maintenance.routes.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { adminImpactRoutes, impactRoutes } from './modules/impact/impact.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { adminNoticesRoutes, noticesRoutes } from './modules/notices/notices.routes.js';
import { publicApiRoutes } from './modules/public-api/public-api.routes.js';
import { panelApiRoutes } from './modules/public-api/panel-api.routes.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { sandboxRoutes } from './modules/billing/sandbox.routes.js';
import { sandboxPanelRoutes } from './modules/sandbox-panel/sandbox-panel.routes.js';
import { sandboxGoogleAdsRoutes } from './modules/sandbox-google-ads/sandbox-google-ads.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  jobs: Jobs;
  /** The store provider; default: the one `config.storeProvider` names. */
  store?: StoreProvider;
  /** Which addresses outbound calls may reach (tests only; default public ones and OUTBOUND_ALLOW's). */
  outbound?: OutboundPolicy;
}

/** The version of the web build being served; the client reloads when it changes. */
function readWebVersion(webDist: string | undefined): string {
  const file = webDist && join(webDist, 'version.json');
  if (file && existsSync(file))
    return versionResponseSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).version;
  return 'dev';
}

/** The whole HTTP application as one Fastify plugin: API, API reference, dev mailbox and web app. */
export async function storelift(
  app: FastifyInstance,
  { config, database, jobs, store, outbound }: AppOptions,
) {
  // Rules without their own message name their limit ("Must be at most 100"), not zod's English.
  installValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    db: database.db,
    jobs,
    config,
    store: store ?? createStoreProvider(config.storeProvider),
    outbound: outbound ?? outboundPolicy(config.outboundAllow),
  });
  registerErrorHandling(app);
  registerServerErrorLog(app);
  registerAuth(app);

  // Helmet's security headers, its middleware built once (@fastify/helmet built it again on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables and positions through inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // JSON answers of 1 KiB or more go out as brotli or gzip at their fastest levels: a page of 10 campaigns (8 KiB)
  // takes 1.25 KiB instead of 1.0 at the default brotli 4, for a quarter of the CPU (bench/list-api.mjs). The web
  // build is compressed ahead of time (serveWebApp), and PDFs are not compressible types, so they pass unchanged.
  // Answers up to 64 KiB are compressed in one call, not through a zlib stream each: on 2 cores the stream's setup
  // cost more than the compression; larger ones (exports) still stream.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 65_536,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  await registerRateLimits(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Storelift API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' 'unsafe-inline' https:"),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' as const };
    },
  );
  const version = readWebVersion(config.webDist);
  r.get(
    '/version.json',
    { schema: { tags: ['system'], response: { 200: versionResponseSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { version };
    },
  );
  // Reset links in mail point here; the web app's page lives at /password-reset.
  r.get('/api/password-reset', { schema: { hide: true } }, async (req, reply) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(`/password-reset${query}`);
  });

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(referenceRoutes);
      await api.register(appsRoutes);
      await api.register(keywordsRoutes);
      await api.register(pacingRoutes);
      await api.register(campaignsRoutes);
      await api.register(reviewsRoutes);
      await api.register(statisticsRoutes);
      await api.register(impactRoutes);
      await api.register(dashboardRoutes);
      await api.register(billingRoutes);
      await api.register(plansRoutes);
      await api.register(referralsRoutes);
      await api.register(bonusProgramRoutes);
      await api.register(apiCreditsRoutes);
      await api.register(profileRoutes);
      await api.register(webhooksRoutes);
      await api.register(resellersRoutes);
      await api.register(pagesRoutes);
      await api.register(noticesRoutes);
      await api.register(managersRoutes);
      await api.register(transfersRoutes);
    },
    { prefix: '/api/private/v1' },
  );
  await app.register(
    async (admin) => {
      // Each admin route declares its permission (docs/permissions.md); one without does not start.
      requirePermissions(admin);
      await admin.register(adminUsersRoutes);
      await admin.register(adminBillingRoutes);
      await admin.register(adminReconciliationRoutes);
      await admin.register(adminPlansRoutes);
      await admin.register(adminStaffHomeRoutes);
      await admin.register(adminReferralsRoutes);
      await admin.register(adminBonusProgramRoutes);
      await admin.register(adminCampaignsRoutes);
      await admin.register(adminImpactRoutes);
      await admin.register(adminVendorsRoutes);
      await admin.register(adminMaintenanceRoutes);
      await admin.register(adminRolesRoutes);
      await admin.register(adminModulesRoutes);
      await admin.register(adminFunctionsRoutes);
      await admin.register(adminAuditRoutes);
      await admin.register(adminAppsRoutes);
      await admin.register(adminReflinksRoutes);
      await admin.register(adminBlogRoutes);
      await admin.register(adminMarketingActionsRoutes);
      await admin.register(adminAdsReportRoutes);
      await admin.register(adminCpiAccountsRoutes);
      await admin.register(adminProductsRoutes);
      await admin.register(adminEmailTemplatesRoutes);
      await admin.register(adminAccessListsRoutes);
      await admin.register(adminImpersonationRoutes);
      await admin.register(adminOperationsRoutes);
      await admin.register(adminResellersRoutes);
      await admin.register(adminPagesRoutes);
      await admin.register(adminNoticesRoutes);
      await admin.register(adminSalesRoutes);
      await admin.register(adminTransfersRoutes);
    },
    { prefix: '/api/admin/v1' },
  );
  // The public API, paid with credits and authenticated by API token only (docs/public-api.md).
  await app.register(publicApiRoutes, { prefix: '/api/v1' });
  // Storelift as a panel (`POST /api/v2`, the resellers' panel protocol) on the same tokens, credits and limit.
  await app.register(panelApiRoutes);
  await app.register(avatarFilesRoutes);
  // Payment providers' callbacks (signed) and the sandbox provider's hosted checkout.
  await app.register(paymentCallbackRoutes, { prefix: '/api/public/v1' });
  if (config.sandboxPayments) await app.register(sandboxRoutes, { prefix: '/sandbox' });
  if (config.sandbox) await app.register(devMailboxRoutes, { prefix: '/dev', outboxDir: outboxDir(config) });
  if (config.sandbox) await app.register(sandboxPanelRoutes, { prefix: '/sandbox/panel' });
  if (config.sandbox) await app.register(sandboxGoogleAdsRoutes, { prefix: '/sandbox/google-ads' });
  await serveWebApp(app, config.webDist);
}
// Decorations and hooks of this plugin belong to the root instance (what fastify-plugin does).
Object.assign(storelift, { [Symbol.for('skip-override')]: true });

/** Serves the built web app with a fallback to index.html for client-side routes. */
async function serveWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // One wildcard route, so our own /version.json and the index.html fallback take precedence.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies (apps/web/vite-precompress.ts); each is sent by Accept-Encoding.
      preCompressed: true,
      // Our cache-control below, not send's default `max-age=0`.
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  // The root is the app's entry (it sends a visitor to sign-in and a signed-in user to the dashboard);
  // the static wildcard would answer the directory itself with an error.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/dev/') &&
      !request.url.startsWith('/sandbox/');
    if (hasWeb && isPage) return sendIndex(reply);
    return reply.status(404).send({ message: MESSAGES.notFound, code: 'notFound' });
  });
}

/** Builds the application (not listening) for the server, the worker and tests. */
export async function buildApp(options: AppOptions & { logger?: FastifyServerOptions['logger'] }) {
  const { trustProxy } = options.config;
  const app = Fastify({
    logger: options.logger ?? false,
    // A hop count as Fastify runs it (its types know only the other forms): the nearest `trustProxy` hops.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
  });
  await app.register(storelift, options);
  await app.ready();
  return app;
}
