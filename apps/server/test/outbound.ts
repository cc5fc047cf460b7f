import { isPublicAddress, outboundPolicy, type OutboundPolicy } from '../src/lib/public-url.js';

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
 * Stand-in vendors and receivers listen on loopback: allowed as an operator would allow them
 * (`OUTBOUND_ALLOW=127.0.0.0/8,::1`). Names still resolve from `table` (or not at all).
 */
export const loopbackAllowed = (table: Record<string, string[]> = {}): OutboundPolicy => ({
  ...fakeDns(table),
  allows: outboundPolicy(['127.0.0.0/8', '::1']).allows,
});
