import type { FastifyInstance } from 'fastify';
import { sandboxPanelCall } from './sandbox-panel.service.js';

/**
 * The server's own sandbox panel (under /sandbox/panel, where sandboxes are allowed): one POST endpoint speaking
 * the resellers' panel protocol, left out of the API reference as every sandbox route is.
 */
export async function sandboxPanelRoutes(app: FastifyInstance) {
  // Panels are posted forms; JSON bodies are read by Fastify's own parser.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post('/api/v2', { schema: { hide: true } }, (req) => sandboxPanelCall(app.deps, req.body));
}
