import { isPublicAddress, type OutboundPolicy } from '../src/lib/public-url.js';

/**
 * A resolver for tests (there is no internet here): names from `table`, anything else does not resolve;
 * public addresses only, as in production.
 */
export function fakeDns(table: Record<string, string[] | (() => string[])>): OutboundPolicy {
  return {
    resolve: async (host) => {
      const answer = table[host];
      return typeof answer === 'function' ? answer() : (answer ?? []);
    },
    allows: isPublicAddress,
  };
}

/**
 * The test-only escape hatch: every address allowed, so stand-in vendors and receivers can listen on
 * loopback. Names still resolve from `table` (or not at all).
 */
export const loopbackAllowed = (table: Record<string, string[]> = {}): OutboundPolicy => ({
  ...fakeDns(table),
  allows: () => true,
});
