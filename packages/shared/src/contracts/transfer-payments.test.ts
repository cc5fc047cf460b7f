import { describe, expect, it } from 'vitest';
import { TRANSFER_PAYMENT_MESSAGES as M } from '../rules/transfer-payment-messages.js';
import { isValidIban, receivingSettingsBodySchema } from './transfer-payments.js';

const empty = { beneficiary: '', bank_name: '', account: '', swift: '', routing: '', bank_address: '' };
const body = (bank: Partial<typeof empty>) => ({
  expiry_days: '14',
  systems: [
    { paysystem_id: 3, ...empty, ...bank },
    { paysystem_id: 36, ...empty },
    { paysystem_id: 19, ...empty },
  ],
});
const issues = (value: unknown) =>
  receivingSettingsBodySchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('IBAN check digits', () => {
  it('accepts real IBANs with or without spaces, in any case', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'gb29nwbk60161331926819',
      'FR14 2004 1010 0505 0001 3M02 606',
    ]) {
      expect(isValidIban(iban), iban).toBe(true);
    }
  });

  it('refuses a changed digit, a swap and a wrong shape', () => {
    for (const iban of ['DE89 3704 0044 0532 0130 01', 'DE98 3704 0044 0532 0130 00', 'DE89', '12345678']) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });
});

describe('receiving settings', () => {
  it('leaves a system empty (not offered), or wants its beneficiary and account', () => {
    expect(issues(body({}))).toEqual([]);
    expect(issues(body({ bank_name: 'Bank' }))).toEqual([
      ['systems.0.beneficiary', M.beneficiaryRequired],
      ['systems.0.account', M.accountRequired],
    ]);
  });

  it('takes an account number that is no IBAN, and reads a SWIFT/BIC upper case without spaces', () => {
    const parsed = receivingSettingsBodySchema.parse(
      body({ beneficiary: 'Us', account: '8310001234', swift: 'cmfg us33' }),
    );
    expect(parsed.systems[0]).toMatchObject({ account: '8310001234', swift: 'CMFGUS33' });
    expect(parsed.expiry_days).toBe(14);
  });

  it('refuses a bad IBAN, SWIFT/BIC, expiry and a missing or repeated system', () => {
    expect(issues(body({ beneficiary: 'Us', account: 'DE89 3704 0044 0532 0130 01', swift: 'ABC' }))).toEqual(
      [
        ['systems.0.swift', M.swiftInvalid],
        ['systems.0.account', M.ibanInvalid],
      ],
    );
    expect(issues({ ...body({}), expiry_days: 91 })).toEqual([['expiry_days', M.expiryDays]]);
    const repeated = body({});
    repeated.systems[2] = { paysystem_id: 3, ...empty };
    expect(issues(repeated)).toEqual([['systems', M.systemsInvalid]]);
  });
});
