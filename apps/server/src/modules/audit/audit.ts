import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { insertAuditRow } from './audit.repo.js';
import { currentActor } from './request-context.js';

/** Keys whose values are never written to the audit log, at any depth (passwords, tokens, keys, secrets). */
const SECRET_KEY = /password|token|secret|api_?key|hash/i;

/** A copy of a value without secrets and with JSON-safe values (dates as ISO text, bigints as text). */
export function redactSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, redactSecrets(inner)]),
    );
  }
  return value;
}

/** What changed: the action, its target and the state before and after (null when created or deleted). */
export interface AuditEntry {
  action: AuditAction;
  target: { type: string; id: number | string | null; userId?: number | null };
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one audit row for a staff change. Call it with the change's transaction, so the row exists exactly
 * when the change does; the staff member (and the one signed in as them, if any), request id and address come
 * from the current request.
 */
export async function audit(tx: Queryable, entry: AuditEntry) {
  const { actorId, impersonatorId, requestId, ip } = currentActor();
  await insertAuditRow(tx, {
    actor_id: actorId,
    impersonator_id: impersonatorId,
    action: entry.action,
    target_type: entry.target.type,
    target_id: entry.target.id === null ? null : String(entry.target.id),
    target_user_id: entry.target.userId ?? null,
    before: redactSecrets(entry.before),
    after: redactSecrets(entry.after),
    request_id: requestId,
    ip,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing (the session check, a quote): not audited as a change made as the user. */
    readOnly?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After a request made in a session staff opened as the user (log in as a user): a change that succeeded is
 * audited as `users.impersonated-change` with its method, route and status, naming the staff member.
 */
export async function auditImpersonatedChange(db: Queryable, request: FastifyRequest, statusCode: number) {
  const auth = request.auth;
  if (!auth?.session.impersonator_id || READS.has(request.method) || statusCode >= 400) return;
  if (request.routeOptions.config.readOnly) return;
  await audit(db, {
    action: 'users.impersonated-change',
    target: { type: 'user', id: auth.user.id, userId: auth.user.id },
    after: { method: request.method, route: request.routeOptions.url ?? request.url, status: statusCode },
  });
}
