/** The flat fields of a provider's notification body: a JSON object or an HTML form; null when it is neither. */
export function readFields(rawBody: string, contentType: string | undefined): Record<string, unknown> | null {
  if (/^application\/x-www-form-urlencoded/i.test(contentType ?? '')) {
    return Object.fromEntries(new URLSearchParams(rawBody));
  }
  try {
    const parsed: unknown = JSON.parse(rawBody);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const UUID = /^([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i;

/**
 * Our payment's uuid from the order id a provider echoes back (with or without its dashes: some providers
 * take at most 32 characters); null for anything else, so a stranger's order id never reaches a query.
 */
export function paymentUuid(value: unknown): string | null {
  const match = typeof value === 'string' ? UUID.exec(value) : null;
  return match ? match.slice(1).join('-').toLowerCase() : null;
}
