import { describe, expect, it } from 'vitest';
import { MESSAGES, USER_MESSAGES, type AdminUser } from '@storelift/shared';
import { schemaErrors } from '../../../lib/use-schema-form';
import { userBody, userFormSchema, userValues } from './user-form';

const user: AdminUser = {
  id: 9,
  email: 'ann@example.com',
  nickname: 'ann',
  full_name: 'Ann Example',
  business_type: 'agency',
  country: 'DE',
  phone: null,
  messenger_type: 'telegram',
  messenger_id: '@ann',
  locale: 'en-US',
  avatar: null,
  email_verified: true,
  roles: ['user'],
  created_at: '2025-01-01T00:00:00.000Z',
  last_login_at: null,
  gender: null,
  eu_payee: false,
  is_active: true,
  priceplan: { id: 2, name: 'Bronze' },
  manager: { id: 4, nickname: 'mgr', email: 'mgr@example.com' },
  referral_code: 'ABCD2345',
};

describe('user edit form', () => {
  it('starts from the user and sends the fields back, the plan only when it changed', () => {
    const values = userValues(user);
    expect(userBody(9, values, 2)).toEqual({
      id: 9,
      nickname: 'ann',
      full_name: 'Ann Example',
      business_type: 'agency',
      country: 'DE',
      gender: null,
      phone: null,
      messenger_type: 'telegram',
      messenger_id: '@ann',
      roles: ['user'],
      manager_id: 4,
      eu_payee: false,
    });
    expect(userBody(9, { ...values, priceplan_id: '8', manager_id: '' }, 2)).toMatchObject({
      priceplan_id: 8,
      manager_id: null,
    });
  });

  it('checks the shared rules: at least one role, a valid nickname', async () => {
    const values = userValues(user);
    expect(await schemaErrors(userFormSchema, values)).toEqual({});
    const errors = await schemaErrors(userFormSchema, { ...values, roles: [], nickname: 'a b' });
    expect(errors.roles).toBe(USER_MESSAGES.rolesRequired);
    expect(errors.nickname).toBe(MESSAGES.nicknameInvalid);
  });
});
