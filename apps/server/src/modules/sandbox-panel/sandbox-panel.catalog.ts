import { APP_STORES, PRODUCT_TYPES } from '@storelift/shared';
import type { Config } from '../../config.js';
import type { PanelService } from '../../providers/vendors/panel-protocol.js';

/** One service of the sandbox panel, with the store and the Storelift products it delivers (for mapping it). */
export interface SandboxPanelService extends PanelService {
  appstore: number;
  product_types: readonly number[];
}

const GP = APP_STORES.GOOGLE_PLAY;
const AS = APP_STORES.APP_STORE;
const REVIEWS = [PRODUCT_TYPES.review, PRODUCT_TYPES.hqReview];

function offer(
  service: string,
  appstore: number,
  product_types: readonly number[],
  name: string,
  rate: string,
  [min, max]: [number, number],
): SandboxPanelService {
  const category = appstore === GP ? 'Google Play' : 'App Store';
  const reviews = product_types === REVIEWS;
  return {
    service,
    name: `${category} ${name}`,
    type: reviews ? 'Custom Comments' : 'Default',
    category,
    rate,
    min,
    max,
    // Reviews are refilled when the store drops some; installs can be stopped while they run.
    refill: reviews,
    cancel: !reviews,
    appstore,
    product_types,
  };
}

/**
 * The sandbox panel's service list (`action=services`), priced per 1000 in USD as a reseller panel would: what
 * the demo maps its `panel` vendor to. Ids are stable (a mapping names them). Its minimums are 1 a day, so the
 * demo's vendor takes every day Storelift sells (at least 5 installs a day; 1 guaranteed review): routing refuses
 * a service whose min/max do not fit a day, and the order would wait for a vendor.
 */
export const SANDBOX_PANEL_SERVICES: readonly SandboxPanelService[] = [
  offer('1001', GP, [PRODUCT_TYPES.package], 'app installs', '0.80', [1, 50_000]),
  offer('1002', GP, [PRODUCT_TYPES.keyword], 'keyword installs', '1.10', [1, 20_000]),
  offer('1003', GP, REVIEWS, 'reviews with custom comments', '40.00', [1, 500]),
  offer('1004', GP, [PRODUCT_TYPES.rate], 'ratings', '9.00', [1, 2_000]),
  offer('1005', GP, [PRODUCT_TYPES.impressions], 'keyword impressions', '0.05', [1, 1_000_000]),
  offer('2001', AS, [PRODUCT_TYPES.package], 'app installs', '1.20', [1, 30_000]),
  offer('2002', AS, [PRODUCT_TYPES.keyword], 'keyword installs', '1.60', [1, 10_000]),
  offer('2003', AS, REVIEWS, 'reviews with custom comments', '55.00', [1, 300]),
  offer('2004', AS, [PRODUCT_TYPES.rate], 'ratings', '12.00', [1, 1_000]),
];

/** The sandbox panel's API URL on the running server (its `internalUrl`, loopback outside a deployment). */
export const sandboxPanelUrl = (config: Pick<Config, 'internalUrl'>) =>
  `${config.internalUrl}/sandbox/panel/api/v2`;
