/**
 * Whether a database error is a unique index refusing a row (PostgreSQL 23505, MySQL's 1062), optionally of
 * one index: two requests that both passed a "taken?" check meet here, and the loser answers 422, not 500.
 * Drizzle wraps the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return index === undefined || constraint === index;
  }
  return false;
}
