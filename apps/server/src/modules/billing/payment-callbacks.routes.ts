import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../providers/payments/sandbox/sandbox-provider.js';
import { handleSandboxCallback, handleStripeWebhook, returnFromCheckout } from './payment-callbacks.js';

const tags = ['payments: providers'];
/**
 * Callbacks a minute from one address: far above what a provider sends, low enough that a flood of forged ones
 * from one address is refused before its signature is checked.
 */
export const CALLBACK_RATE_LIMIT = 300;
const config = { rateLimit: { max: CALLBACK_RATE_LIMIT, timeWindow: '1 minute' } };
const receivedSchema = z.object({
  received: z.literal(true),
  status: z.enum(['credited', 'received', 'canceled', 'unchanged', 'unknown']),
});

/**
 * The providers' calls (under /api/public/v1): signed callbacks of the sandbox and Stripe, read as raw
 * text so the signature is checked over exactly the bytes sent, and the browser's way back.
 */
export async function paymentCallbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
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
  r.get(
    '/payments/return/:uuid',
    {
      schema: {
        tags,
        params: z.object({ uuid: z.string().max(64) }),
        querystring: z.object({ canceled: z.string().max(5).optional() }),
      },
    },
    async (req, reply) =>
      reply.redirect(await returnFromCheckout(deps, req.params.uuid, req.query.canceled === '1'), 303),
  );
}
