import { CAMPAIGN_MESSAGES } from '@storelift/shared';
import { HttpError } from '../../lib/errors.js';

/**
 * The ad-network port (CPI delivery, README.md): an ad network runs a CPI campaign's ads, is told when the
 * campaign starts, pauses, resumes and stops, and reports per campaign day the installs it brought and the
 * money it spent. Charging (`modules/campaigns/cpi/campaigns.cpi-charging.ts`) bills only what it reports.
 */

/** What an ad network is told about a CPI campaign. */
export interface AdCampaign {
  /** Our campaign id: the network's reference of it. */
  id: number;
  /** 1 Google Play, 2 App Store. */
  store: number;
  package: string;
  /** Money as decimal strings (4 places). */
  dailyBudget: string;
  targetCpi: string;
  /** Campaign days; null = until stopped. */
  days: number | null;
  /** ISO codes of the countries the ads run in, and the ads' languages. */
  countries: string[];
  languages: string[];
  headline1: string;
  headline2: string;
  description: string;
  deeplink: string | null;
  /** The CPI account (our id) its ads run on; null = the network's own default account. */
  accountId: number | null;
}

/** A network's figures of one campaign day so far (never less than it reported before). */
export interface AdDayReport {
  installs: number;
  /** Money spent: a decimal string with at most 4 places. */
  spend: string;
}

export type AdControl = 'start' | 'pause' | 'resume' | 'stop';

export interface AdNetwork {
  /** Shown as the campaign's vendor. */
  readonly name: string;
  /** How many times faster than real time campaign days pass (1 for a real network). */
  readonly speed: number;
  /**
   * Starts, pauses, resumes or stops the campaign's ads. Runs under the campaign's row lock, and a throw
   * undoes the move. Idempotent: telling a stopped campaign to stop again changes nothing.
   */
  control(campaign: AdCampaign, action: AdControl): Promise<void>;
  /**
   * The installs and spend of campaign day `day` (1 = the first day the campaign ran) after `elapsedMs` of
   * it has run; a whole day (`elapsedMs` = 24 h) answers the day's final figures, or null while the network
   * has no final figures of it yet (charging bills nothing and asks again later). A part of a day (a cancel:
   * spending stops for good) answers what the network has spent from that day on.
   */
  report(campaign: AdCampaign, day: number, elapsedMs: number): Promise<AdDayReport | null>;
}

/** Why a network refused a call, as a kind the customer is told in plain words, and its own text for staff. */
export type AdNetworkProblem = 'auth' | 'policy' | 'budget' | 'target' | 'quota' | 'not-found' | 'other';

/**
 * A network refused a call (or could not be reached): the move is undone and the caller answered 503 "try
 * again" (a start instead waits in pending with the reason). `detail` is the network's own error, for staff.
 */
export class AdNetworkError extends HttpError {
  constructor(
    readonly kind: AdNetworkProblem,
    readonly detail: string,
  ) {
    super(503, CAMPAIGN_MESSAGES.campaignAdNetworkUnavailable);
    this.name = 'AdNetworkError';
  }
}
