import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token for a client to hold (bearer, verification, reset). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
