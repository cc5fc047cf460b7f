import type { FastifyError, FastifyInstance } from 'fastify';
import { checkCall, issueToken } from './sandbox-google-ads.auth.js';
import {
  SandboxGoogleAdsError,
  SandboxJsonError,
  adsError,
  failureBody,
} from './sandbox-google-ads.errors.js';
import { isMutateService, mutate } from './sandbox-google-ads.mutate.js';
import { search } from './sandbox-google-ads.search.js';

/*
 * The server's own sandbox Google Ads (under /sandbox/google-ads, where sandboxes are allowed): Google's OAuth token
 * endpoint and the REST calls the Google Ads network makes — `/{version}/customers/{id}/{service}:mutate` and
 * `/{version}/customers/{id}/googleAds:search` — answering as Google does, errors included. Left out of the API
 * reference as every sandbox route is.
 */

const VERSION = /^v\d{1,3}$/;

export async function sandboxGoogleAdsRoutes(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // A body Fastify cannot read (bad JSON, too large) is answered in Google's shape too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const version = (request.params as { version?: string } | undefined)?.version ?? 'v0';
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) throw error;
    return reply
      .status(400)
      .send(
        failureBody(new SandboxJsonError(`Invalid JSON payload received. ${error.message}`, ''), version),
      );
  });

  app.post('/token', { schema: { hide: true } }, async (request, reply) => {
    const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const answer = await issueToken(app.deps, form as Record<string, unknown>, new Date());
    return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  });

  app.post<{ Params: { version: string; customerId: string; call: string } }>(
    '/:version/customers/:customerId/:call',
    { schema: { hide: true } },
    async (request, reply) => {
      const { version, customerId, call } = request.params;
      const now = new Date();
      try {
        const [service = '', method] = call.split(':');
        const mutating = method === 'mutate' && isMutateService(service);
        if (!VERSION.test(version) || !(mutating || call === 'googleAds:search'))
          throw adsError(404, 'requestError', 'UNKNOWN', `The method ${version}/${call} is not served.`);
        await checkCall(app.deps, request.headers, customerId, now);
        if (method === 'mutate' && isMutateService(service))
          return await mutate(app.deps, version, customerId, service, request.body, now);
        return await search(app.deps, version, customerId, request.body, now);
      } catch (error) {
        if (!(error instanceof SandboxGoogleAdsError || error instanceof SandboxJsonError)) throw error;
        return reply
          .status(error instanceof SandboxJsonError ? 400 : error.http)
          .send(failureBody(error, version));
      }
    },
  );
}
