import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, MESSAGES, type Campaign } from '@storelift/shared';
import {
  allowedActions,
  bodyFromValues,
  canQuote,
  crossFieldErrors,
  dailyProgress,
  delayedStart,
  emptyFormValues,
  formValuesFromCampaign,
  progressPercent,
  toCsv,
} from './campaign-logic';

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: 7,
  price: '12.0000',
  unit_price: '0.2000',
  status: 'completed',
  type: 2,
  app: null,
  appstore: 1,
  package: 'com.example.app',
  country: { id: 1, code: 'us', name: 'United States' },
  days: 20,
  installs: 10,
  installs_total: 60,
  installs_actual: 30,
  start_at: null,
  started_at: null,
  finished_at: null,
  vendor: 'sandbox',
  description: 'notes',
  deliveryType: 0,
  promotionRule: 0,
  distribution: 'equal',
  installsPlan: null,
  keywords: ['fitness', 'gym'],
  is_legacy: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

describe('allowedActions', () => {
  it('follows the lifecycle of docs/campaigns.md', () => {
    expect(allowedActions(campaign({ status: 'draft' }))).toEqual(['start', 'cancel']);
    expect(allowedActions(campaign({ status: 'delayed' }))).toEqual(['start', 'cancel']);
    expect(allowedActions(campaign({ status: 'active' }))).toEqual(['pause', 'cancel']);
    expect(allowedActions(campaign({ status: 'pause' }))).toEqual(['resume', 'cancel']);
    expect(allowedActions(campaign({ status: 'pending' }))).toEqual(['cancel']);
    expect(allowedActions(campaign({ status: 'completed' }))).toEqual(['archive']);
    expect(allowedActions(campaign({ status: 'rejected' }))).toEqual(['archive']);
    expect(allowedActions(campaign({ status: 'archived' }))).toEqual([]);
  });

  it('never offers start for a legacy campaign', () => {
    expect(allowedActions(campaign({ status: 'draft', is_legacy: true }))).toEqual(['cancel']);
  });
});

describe('form values and body', () => {
  it('prefills from a campaign as a new keyword order within 14 days', () => {
    const values = formValuesFromCampaign(campaign());
    expect(values).toMatchObject({ productType: 2, country: 'US', days: 14, installs: 10 });
    expect(values.serializedChildKeywords).toEqual(['fitness', 'gym']);
  });

  it('builds the body: keywords only for keyword installs, start and draft when given', () => {
    const values = { ...emptyFormValues(1), packageId: 'com.a.b', country: 'US', installs: '20', days: 5 };
    const body = bodyFromValues(values, { startAt: '2030-01-01T10:00:00.000Z', draft: true });
    expect(body).toMatchObject({ productType: 1, installs: 20, days: 5, draft: true });
    expect(body.start_at).toBe('2030-01-01T10:00:00.000Z');
    expect(body.serializedChildKeywords).toBeUndefined();
    expect(Number.isNaN(bodyFromValues({ ...values, installs: '' }).installs)).toBe(true);
  });

  it('quotes only a complete form and reports the cross-field rules', () => {
    const values = { ...emptyFormValues(2), packageId: 'com.a.b', country: 'US' };
    expect(canQuote(values)).toBe(false);
    expect(crossFieldErrors({ ...values, days: 15 })).toEqual({
      serializedChildKeywords: MESSAGES.keywordsNotSelected,
      days: CAMPAIGN_MESSAGES.campaignKeywordDaysMax,
    });
    expect(canQuote({ ...values, serializedChildKeywords: ['gym'] })).toBe(true);
    expect(canQuote({ ...values, serializedChildKeywords: ['gym'], installs: 4 })).toBe(false);
  });
});

describe('delayedStart', () => {
  const now = new Date(2030, 0, 1, 12, 0);
  it('needs a date and a time more than 5 minutes ahead', () => {
    expect(delayedStart('', '12:30', now)).toEqual({ error: CAMPAIGN_MESSAGES.campaignDateEmpty });
    expect(delayedStart('2030-01-01', '', now)).toEqual({ error: CAMPAIGN_MESSAGES.campaignDateEmpty });
    expect(delayedStart('2030-01-01', '12:05', now)).toEqual({
      error: CAMPAIGN_MESSAGES.campaignStartTooSoon,
    });
    expect(delayedStart('2030-01-01', '12:06', now)).toEqual({
      startAt: new Date(2030, 0, 1, 12, 6).toISOString(),
    });
  });
});

describe('progress', () => {
  it('sums planned and delivered per day over the orders', () => {
    const day = (d: number, total: number, actual: number) => ({
      day: d,
      installs_total: total,
      installs_actual: actual,
    });
    expect(
      dailyProgress([{ sequence: [day(2, 10, 0), day(1, 10, 10)] }, { sequence: [day(1, 5, 3)] }]),
    ).toEqual([
      { day: 1, planned: 15, delivered: 13 },
      { day: 2, planned: 10, delivered: 0 },
    ]);
    expect(progressPercent({ installs_total: 60, installs_actual: 30 })).toBe(50);
    expect(progressPercent({ installs_total: 0, installs_actual: 0 })).toBe(0);
  });
});

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    expect(
      toCsv([
        ['id', 'notes'],
        [1, 'a, "b"\nc'],
        [2, '=SUM(A1)'],
        [3, '-12.50'],
        [4, null],
      ]),
    ).toBe('id,notes\r\n1,"a, ""b""\nc"\r\n2,\'=SUM(A1)\r\n3,-12.50\r\n4,');
  });
});
