import { describe, expect, it } from 'vitest';
import { fieldMaskOf, matches, parseGaql, shapeRow } from './sandbox-google-ads.gaql.js';
import type { SandboxGoogleAdsError } from './sandbox-google-ads.errors.js';

describe('sandbox GAQL reader', () => {
  it('reads fields, resource, conditions of every operator and a limit', () => {
    expect(
      parseGaql(
        "select campaign.id, segments.date FROM user_location_view WHERE segments.date BETWEEN '2026-11-01' AND \"2026-11-30\" AND campaign.id IN (1, 22) AND campaign.name != 'It\\'s' AND metrics.clicks >= 5 LIMIT 10",
      ),
    ).toEqual({
      fields: ['campaign.id', 'segments.date'],
      resource: 'user_location_view',
      conditions: [
        { field: 'segments.date', operator: 'BETWEEN', values: ['2026-11-01', '2026-11-30'] },
        { field: 'campaign.id', operator: 'IN', values: [1, 22] },
        { field: 'campaign.name', operator: '!=', values: ["It's"] },
        { field: 'metrics.clicks', operator: '>=', values: [5] },
      ],
      limit: 10,
    });
  });

  it('refuses what it cannot read with Google’s query errors', () => {
    const codeOf = (query: string) => {
      try {
        parseGaql(query);
        return 'read';
      } catch (error) {
        return Object.values((error as SandboxGoogleAdsError).errors[0]!.errorCode)[0];
      }
    };
    expect(codeOf('FROM campaign')).toBe('EXPECTED_SELECT');
    expect(codeOf('SELECT campaign.id campaign')).toBe('EXPECTED_FROM');
    expect(codeOf('SELECT campaign.id FROM campaign WHERE campaign.id IN 1')).toBe('EXPECTED_LIST');
    expect(codeOf("SELECT campaign.id FROM campaign WHERE campaign.name = 'open")).toBe('BAD_SYMBOL');
    expect(codeOf('SELECT campaign.id FROM campaign LIMIT 0')).toBe('BAD_LIMIT_VALUE');
    expect(codeOf('SELECT campaign.id FROM campaign; DROP TABLE x')).toBe('BAD_SYMBOL');
  });

  it('compares ids as text or numbers, dates as text, and shapes rows as Google’s camelCase JSON', () => {
    const row = {
      'campaign.id': '22',
      'campaign.resource_name': 'customers/1/campaigns/22',
      'segments.date': '2026-11-05',
    };
    const { conditions } = parseGaql(
      "SELECT campaign.id FROM campaign WHERE campaign.id IN (1, 22) AND segments.date BETWEEN '2026-11-01' AND '2026-11-30'",
    );
    expect(matches(row, conditions)).toBe(true);
    expect(matches({ ...row, 'segments.date': '2026-12-01' }, conditions)).toBe(false);
    expect(
      shapeRow({ ...row, 'metrics.cost_micros': '100' }, ['campaign.id', 'metrics.cost_micros']),
    ).toEqual({
      campaign: { resourceName: 'customers/1/campaigns/22', id: '22' },
      metrics: { costMicros: '100' },
    });
    expect(fieldMaskOf(['ad_group_ad.policy_summary.approval_status'])).toBe(
      'adGroupAd.policySummary.approvalStatus',
    );
  });
});
