import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { isWhiteListedAddress } from '../modules/access-lists/access-lists.cache.js';

/**
 * Registers the rate limiter (routes opt in through `config.rateLimit`); white-listed addresses pass. With `REDIS_URL` the counters live
 * in Redis, so every API process counts against one limit; without it, in this process's memory.
 */
export async function registerRateLimits(app: FastifyInstance, config: Config) {
  // A white-listed address (an office, a partner's servers) is never limited (docs/staff-tools.md).
  const allowList = (request: FastifyRequest) => isWhiteListedAddress(app.deps.db, request.ip);
  if (!config.redisUrl) {
    await app.register(rateLimit, { global: false, allowList });
    return;
  }
  // Connected before the server listens, so a wrong REDIS_URL stops the start instead of every limit.
  // Later outages fail fast (no offline queue) and let requests through, logged: a Redis blip must not
  // lock every customer out of sign-in.
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
  });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    app.log.error({ err: error }, 'Redis (shared rate limits) failed');
  });
  await redis.connect().catch((error: Error) => {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL does not answer: ${(lastError ?? error).message}`);
  });
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  await app.register(rateLimit, {
    global: false,
    allowList,
    redis,
    nameSpace: `${config.redisPrefix}rate-limit:`,
    skipOnError: true,
  });
}
