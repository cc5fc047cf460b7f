import { describe, expect, it } from 'vitest';
import { CAMPAIGN_STATUSES } from './domain.js';
import { PANEL_PRODUCT_TYPES, panelServiceId, panelServiceOf, panelStateOf } from './panel-api.js';

describe('panel service ids', () => {
  it('name a product on a store and read back; anything else is no service', () => {
    for (const appstore of [1, 2])
      for (const productType of PANEL_PRODUCT_TYPES)
        expect(panelServiceOf(panelServiceId(appstore, productType))).toEqual({ appstore, productType });
    expect(panelServiceId(2, 5)).toBe('205');
    for (const id of ['104', '301', '100', '1010', '10', ' 101', '1e2', '', '０１０'])
      expect(panelServiceOf(id), id).toBeNull();
  });
});

describe('panel statuses', () => {
  it('map every campaign status, an ended one by what was delivered', () => {
    const states = Object.fromEntries(
      CAMPAIGN_STATUSES.map((status) => [status, panelStateOf(status, 0, 10)]),
    );
    expect(states).toEqual({
      draft: 'Pending',
      delayed: 'Pending',
      pending: 'Pending',
      moderation: 'Processing',
      active: 'In progress',
      pause: 'In progress',
      failed: 'Canceled',
      completed: 'Canceled',
      canceled: 'Canceled',
      archived: 'Canceled',
      rejected: 'Canceled',
    });
    expect(panelStateOf('completed', 10, 10)).toBe('Completed');
    expect(panelStateOf('canceled', 4, 10)).toBe('Partial');
    expect(panelStateOf('archived', 12, 10)).toBe('Completed');
    expect(panelStateOf('active', 10, 10)).toBe('In progress');
  });
});
