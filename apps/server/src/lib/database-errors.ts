import { MESSAGES } from '@storelift/shared';

/**
 * The SQLSTATE of a database error, or undefined for any other error. node-postgres and PGlite both put
 * it on `code` of their error; Drizzle wraps that error as the `cause` of its own.
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * What a database error the checks let through means to the client, or null when it is the server's own
 * fault. Bad data (class 22: invalid text, numeric overflow, invalid byte sequence, …; class 54: a value
 * too large to handle) and a broken check constraint are the input's: 422. A unique or foreign-key
 * violation is a race with another request (two sign-ups with one e-mail, a row deleted meanwhile): 409.
 */
export function answerOfDatabaseError(error: unknown): { statusCode: 409 | 422; message: string } | null {
  const state = sqlStateOf(error);
  if (!state) return null;
  if (state.startsWith('22') || state.startsWith('54') || state === '23514') {
    return { statusCode: 422, message: MESSAGES.dataNotValid };
  }
  if (state === '23505' || state === '23503') return { statusCode: 409, message: MESSAGES.conflict };
  return null;
}
