import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, MESSAGES, type Vendor } from '@storelift/shared';
import { schemaErrors } from '../../../lib/use-schema-form';
import { emptyVendorValues, vendorBody, vendorFormSchema, vendorValues } from './vendor-form';

const vendor: Vendor = {
  id: 7,
  store: 2,
  vendor: 'Acme installs',
  country: { id: 1, code: 'de', name: 'Germany' },
  mature: true,
  products: [1, 2],
  share: '42.50',
  is_active: false,
  api_url: 'https://vendor.example/api',
  has_api_key: true,
  protocol: 'json',
  balance: '12.50000',
  balance_currency: 'USD',
  balance_at: '2025-01-02T00:00:00.000Z',
  balance_threshold: '100.50000',
  countries: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('vendor form', () => {
  it('starts an edit from the vendor and sends it back whole', () => {
    expect(vendorBody(vendorValues(vendor))).toEqual({
      store: 2,
      vendor: 'Acme installs',
      country: 'DE',
      mature: true,
      products: [1, 2],
      share: 42.5,
      is_active: false,
      api_url: 'https://vendor.example/api',
      api_key: undefined,
      protocol: 'json',
      balance_threshold: '100.5',
    });
  });

  it('starts a new vendor on the panel protocol without a threshold, and sends a typed one as text', () => {
    expect(vendorBody({ ...emptyVendorValues(), vendor: 'New' })).toMatchObject({
      protocol: 'panel',
      balance_threshold: null,
    });
    const body = vendorBody({ ...emptyVendorValues(), vendor: 'New', balance_threshold: ' 0.10 ' });
    expect(body.balance_threshold).toBe('0.10');
  });

  it('keeps a stored API key unless a new one is typed, and clears the API with an empty URL', () => {
    const values = { ...vendorValues(vendor), api_url: ' ', api_key: ' new-key ' };
    expect(vendorBody(values)).toMatchObject({ api_url: '', api_key: 'new-key' });
  });

  it('sends both stores and all countries as null', () => {
    const body = vendorBody({ ...emptyVendorValues(), vendor: 'Any' });
    expect(body.store).toBeNull();
    expect(body.country).toBeNull();
    expect(body.share).toBe(100);
  });

  it('checks the shared rules on the form fields', async () => {
    expect(await schemaErrors(vendorFormSchema, { ...emptyVendorValues(), vendor: 'Ok' })).toEqual({});
    const errors = await schemaErrors(vendorFormSchema, { ...emptyVendorValues(), vendor: '  ', share: 101 });
    expect(errors.vendor).toBe(CAMPAIGN_MESSAGES.vendorNameRequired);
    expect(errors.share).toBe(CAMPAIGN_MESSAGES.vendorShareRange);
    const url = await schemaErrors(vendorFormSchema, {
      ...emptyVendorValues(),
      vendor: 'Ok',
      api_url: 'ftp://x',
    });
    expect(url.api_url).toBe(MESSAGES.dataNotValid);
    const threshold = await schemaErrors(vendorFormSchema, {
      ...emptyVendorValues(),
      vendor: 'Ok',
      balance_threshold: '1,5',
    });
    expect(threshold.balance_threshold).toBe(MESSAGES.dataNotValid);
  });

  it('refuses an empty share rather than sending a default', async () => {
    const errors = await schemaErrors(vendorFormSchema, { ...emptyVendorValues(), vendor: 'Ok', share: '' });
    expect(errors.share).toBe(CAMPAIGN_MESSAGES.vendorShareRange);
  });
});
