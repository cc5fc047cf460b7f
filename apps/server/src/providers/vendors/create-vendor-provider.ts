import { HttpVendor } from './http-vendor.js';
import { HttpPanelClient } from './panel-client.js';
import type { OutboundPolicy } from '../../lib/public-url.js';
import type { PanelCall, PanelClient } from './panel-protocol.js';
import type { VendorProvider } from './vendor-provider.js';

/**
 * The provider of a JSON-protocol vendor row: its HTTP API when `api_url` is set; otherwise null, meaning the
 * embedded sandbox delivers (`sandbox-vendor.ts`, computed from the campaign's clock inside its transaction).
 */
export function vendorProviderOf(
  vendor: { api_url: string | null; api_key: string | null },
  policy?: OutboundPolicy,
): VendorProvider | null {
  return vendor.api_url ? new HttpVendor({ url: vendor.api_url, apiKey: vendor.api_key, policy }) : null;
}

/** The panel client of a panel-protocol vendor (its `api_url` and key); `onCall` hears of every call. */
export function panelClientOf(
  panel: { url: string; key: string },
  policy: OutboundPolicy,
  onCall: (call: PanelCall) => void,
): PanelClient {
  return new HttpPanelClient({ url: panel.url, key: panel.key, policy, onCall });
}
