import { HttpVendor } from './http-vendor.js';
import type { OutboundPolicy } from '../../lib/public-url.js';
import type { VendorProvider } from './vendor-provider.js';

/**
 * The provider of a vendor row: its HTTP API when `api_url` is set; otherwise null, meaning the embedded
 * sandbox delivers (`sandbox-vendor.ts`, computed from the campaign's clock inside its transaction).
 */
export function vendorProviderOf(
  vendor: { api_url: string | null; api_key: string | null },
  policy?: OutboundPolicy,
): VendorProvider | null {
  return vendor.api_url ? new HttpVendor({ url: vendor.api_url, apiKey: vendor.api_key, policy }) : null;
}
