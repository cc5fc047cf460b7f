import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/**
 * The request a piece of code runs for. Services do not take the request (they know nothing of Fastify), yet
 * an audit row names the staff member, the request id and the address: the audit helper reads them here.
 */
const requests = new AsyncLocalStorage<FastifyRequest>();

/** Runs the rest of a request (its later hooks and its handler) with the request as context. */
export function runInRequestContext(request: FastifyRequest, next: () => void) {
  requests.run(request, next);
}

/** Who is acting and from where, for the rows a request writes. */
export interface Actor {
  /** The signed-in caller, if any. */
  actorId: number | null;
  /** The staff member who opened the caller's session as the user (log in as a user), if so. */
  impersonatorId: number | null;
  requestId: string | null;
  ip: string | null;
}

/** The actor of the current request (all null outside a request: a job, a command-line tool). */
export function currentActor(): Actor {
  const request = requests.getStore();
  return {
    actorId: request?.auth?.user.id ?? null,
    impersonatorId: request?.auth?.session.impersonator_id ?? null,
    requestId: request?.id ?? null,
    ip: request?.ip ?? null,
  };
}
