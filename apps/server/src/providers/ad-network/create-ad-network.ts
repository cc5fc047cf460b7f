import type { AdNetwork } from './ad-network.js';
import { SandboxAdNetwork } from './sandbox-ad-network.js';

/**
 * The ad network CPI campaigns run on: the embedded sandbox where sandboxes are allowed (`config.sandbox`),
 * otherwise none — a CPI campaign then waits in pending. The one place that picks a network: a network per
 * CPI account (an HTTP one) is chosen here from the campaign's account, and charging does not change.
 */
export function adNetworkOf(config: { sandbox: boolean; vendorSandboxSpeed: number }): AdNetwork | null {
  return config.sandbox ? new SandboxAdNetwork(config.vendorSandboxSpeed) : null;
}
