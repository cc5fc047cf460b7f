import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * The log of work outside a request (jobs, provider calls): JSON lines like Fastify's own request log.
 * LOG_LEVEL sets the level; `silent` in tests unless they ask.
 */
export const logger: Logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
});
