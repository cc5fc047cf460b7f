import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { hashToken } from '../../lib/tokens.js';
import { callerOfTokenHash } from './public-api.repo.js';

/** Who calls the public API: the token's owner (the rate limit counts per owner), whether it is the test token, and the credits left. */
export interface ApiCaller {
  userId: number;
  test: boolean;
  remaining: number;
  autoRefresh: boolean;
  maintenance: boolean;
}

/** The API token of a request: `Authorization: Bearer …` or `X-Api-Key` (never a session or a cookie). */
export function tokenOf(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  const key = request.headers['x-api-key'];
  return (Array.isArray(key) ? key[0] : key)?.trim() ?? '';
}

/** The live owner of an API token (live or test), or undefined. */
export async function findApiCaller(db: Db, token: string): Promise<ApiCaller | undefined> {
  const row = await callerOfTokenHash(db, hashToken(token));
  return row && { ...row, remaining: Number(row.remaining) };
}
