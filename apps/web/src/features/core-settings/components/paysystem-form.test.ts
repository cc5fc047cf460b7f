import { describe, expect, it } from 'vitest';
import type { Paysystem } from '@storelift/shared';
import { schemaErrors } from '../../../lib/use-schema-form';
import { paysystemBody, paysystemFormSchema, paysystemValues } from './paysystem-form';

const paypal: Paysystem = {
  id: 1,
  name: 'PayPal',
  is_active: true,
  min_amount: '10.0000',
  max_amount: '5000.0000',
  fee: '6.0000',
  vat: '20.0000',
  vat_applies: false,
  bonus: true,
  bonus_max_amount: '1000.0000',
  confirmations: 0,
  auth: true,
  provider: 'sandbox',
  description: 'Pay with your PayPal account',
};

describe('the payment system form', () => {
  it('edits the decimals as typed and sends an emptied option as none', () => {
    const values = paysystemValues(paypal);
    expect(values).toMatchObject({ min_amount: '10', fee: '6', vat: '20', bonus_max_amount: '1000' });
    expect(paysystemBody({ ...values, vat: ' ', bonus_max_amount: '' })).toMatchObject({
      vat: null,
      bonus_max_amount: null,
      fee: '6',
      confirmations: 0,
    });
  });

  it('checks the shared rules on the fields', async () => {
    const values = paysystemValues(paypal);
    expect(await schemaErrors(paysystemFormSchema, values)).toEqual({});
    const errors = await schemaErrors(paysystemFormSchema, { ...values, fee: '101', confirmations: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['confirmations', 'fee']);
    // Minimum above maximum is checked once each field is valid on its own.
    expect(await schemaErrors(paysystemFormSchema, { ...values, max_amount: '5' })).toEqual({
      max_amount: 'The maximum must not be below the minimum',
    });
  });
});
