import { describe, expect, it } from 'vitest';
import { loginBodySchema, MESSAGES, registerBodySchema } from '@storelift/shared';
import { schemaErrors } from './use-schema-form';

describe('schema errors', () => {
  it('maps the shared zod issues to one message per field', async () => {
    expect(await schemaErrors(loginBodySchema, { email: 'ab', password: '' })).toEqual({
      email: MESSAGES.emailMin,
      password: MESSAGES.required,
    });
    expect(await schemaErrors(loginBodySchema, { email: 'user@storelift.test', password: 'x' })).toEqual({});
  });

  it('reports cross-field rules on their field', async () => {
    const errors = await schemaErrors(registerBodySchema, {
      email: 'new@storelift.test',
      password: 'Demo12345!',
      password_confirmation: 'Demo12345?',
      nickname: 'newbie',
      full_name: 'New Person',
      business_type: 'developer',
      country: 'US',
      phone: '',
      messenger_type: '',
      messenger_id: '',
      terms: true,
      adult: false,
    });
    expect(errors).toEqual({
      password_confirmation: MESSAGES.passwordsMustMatch,
      phone: MESSAGES.phoneOrMessenger,
      adult: MESSAGES.adultRequired,
    });
  });
});
