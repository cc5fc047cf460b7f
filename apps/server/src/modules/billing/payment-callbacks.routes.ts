import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@storelift/shared';
import { errorResponses } from '../../lib/route-schemas.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../providers/payments/sandbox/sandbox-provider.js';
import { handleSandboxCallback, handleStripeWebhook, returnFromCheckout } from './payment-callbacks.js';
import { handleProviderCallback } from './payment-callbacks.hosted.js';

const tags = ['payments: providers'];
/**
 * Callbacks a minute from one address: far above what a provider sends, low enough that a flood of forged ones
 * from one address is refused before its signature is checked.
 */
export const CALLBACK_RATE_LIMIT = 300;
const config = { rateLimit: { max: CALLBACK_RATE_LIMIT, timeWindow: '1 minute' } };
const receivedSchema = z.object({
  received: z.literal(true),
  status: z.enum(['credited', 'received', 'canceled', 'refunded', 'unchanged', 'unknown']),
});
/** The hosted providers' names: the sandbox and Stripe have their own routes (their own signature headers). */
const hostedProviderSchema = z.enum(PAYMENT_PROVIDERS).exclude(['sandbox', 'stripe']);

/** A request's headers as a notification carries them: lower-case names, repeated ones joined. */
const headersOf = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );

/**
 * The providers' calls (under /api/public/v1): signed callbacks of the sandbox and Stripe, read as raw
 * text so the signature is checked over exactly the bytes sent, and the browser's way back.
 */
export async function paymentCallbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // Form posts (LiqPay, Fondy) are signed over their fields as sent: kept raw too.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const rawOf = (body: unknown) => (typeof body === 'string' ? body : '');

  r.post(
    '/payments/callback/sandbox',
    { schema: { tags, response: { 200: receivedSchema, ...errorResponses } }, config },
    (req) => handleSandboxCallback(deps, rawOf(req.body), req.headers[SANDBOX_SIGNATURE_HEADER] as string),
  );
  r.post(
    '/payments/callback/stripe',
    { schema: { tags, response: { 200: receivedSchema, ...errorResponses } }, config },
    (req) => handleStripeWebhook(deps, rawOf(req.body), req.headers['stripe-signature'] as string),
  );
  r.post(
    '/payments/callback/:provider',
    {
      schema: {
        tags,
        description:
          "A hosted provider's notification (PayPal, NOWPayments, Binance Pay, Gate Pay, LiqPay, Fondy), verified " +
          "by the provider's own signature; answered with the acknowledgement the provider expects.",
        params: z.object({ provider: hostedProviderSchema }),
      },
      config,
    },
    async (req, reply) => {
      const answer = await handleProviderCallback(deps, req.params.provider, {
        rawBody: rawOf(req.body),
        headers: headersOf(req.headers),
      });
      return reply.type(answer.contentType).send(answer.body);
    },
  );
  r.get(
    '/payments/return/:uuid',
    {
      schema: {
        tags,
        params: z.object({ uuid: z.string().max(64) }),
        // The provider's own parameters (PayPal's token and PayerID) go on to it.
        querystring: z.object({ canceled: z.string().max(5).optional() }).catchall(z.string().max(200)),
      },
    },
    async (req, reply) => {
      const { canceled, ...query } = req.query;
      return reply.redirect(await returnFromCheckout(deps, req.params.uuid, canceled === '1', query), 303);
    },
  );
  // Fondy (and LiqPay) bring the browser back with a POST of the order's fields: not trusted (the signed server
  // callback credits), the browser is only sent on to the result page as by GET.
  r.post(
    '/payments/return/:uuid',
    { schema: { tags, params: z.object({ uuid: z.string().max(64) }) } },
    async (req, reply) => reply.redirect(await returnFromCheckout(deps, req.params.uuid, false), 303),
  );
}
