import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@storelift/shared';
import { cancel, checkoutPage, pay } from './sandbox-checkout.js';

const params = z.object({ uuid: z.string().max(64) });
const hide = { hide: true, params };

/** The sandbox provider's hosted checkout (under /sandbox): a page and its two form posts. */
export async function sandboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // The page's forms post url-encoded (empty) bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  const notFound = (reply: { status(code: number): { send(body: unknown): unknown } }) =>
    reply.status(404).send({ message: MESSAGES.notFound });

  r.get('/checkout/:uuid', { schema: hide }, async (req, reply) => {
    const html = await checkoutPage(deps, req.params.uuid);
    if (!html) return notFound(reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
  r.post('/checkout/:uuid/pay', { schema: hide }, async (req, reply) => {
    const next = await pay(deps, req.params.uuid);
    return next ? reply.redirect(next, 303) : notFound(reply);
  });
  r.post('/checkout/:uuid/cancel', { schema: hide }, async (req, reply) => {
    const next = await cancel(deps, req.params.uuid);
    return next ? reply.redirect(next, 303) : notFound(reply);
  });
}
