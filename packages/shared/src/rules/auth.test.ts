import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from '../contracts/auth.js';
import { MESSAGES, messageKey } from './messages.js';
import { passwordStrength } from './password-strength.js';

describe('password strength', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdefg1!', 5],
    ['ПАРОЛЬ-1', 3],
  ])('scores %j as %i of 5', (value, score) => {
    expect(passwordStrength(value)).toBe(score);
  });
});

describe('login rules', () => {
  it('lowercases and trims the e-mail', () => {
    expect(loginBodySchema.parse({ email: '  Ann@Example.COM ', password: 'x' }).email).toBe(
      'ann@example.com',
    );
  });

  it('names the failing rule', () => {
    const issues = loginBodySchema.safeParse({ email: 'a@b', password: '' }).error!.issues;
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', MESSAGES.emailMin],
      ['password', MESSAGES.required],
    ]);
  });
});

describe('registration rules', () => {
  const valid = {
    email: 'new@example.com',
    password: 'Secret123!',
    password_confirmation: 'Secret123!',
    nickname: 'newbie',
    full_name: 'Олена Коваль',
    business_type: 'publisher',
    country: 'ua',
    phone: '',
    messenger_type: 'telegram',
    messenger_id: '@olena',
    terms: true,
    adult: true,
  };

  it('accepts a messenger in place of a phone and uppercases the country', () => {
    const data = registerBodySchema.parse(valid);
    expect(data).toMatchObject({ country: 'UA', phone: undefined, messenger_id: '@olena' });
  });

  it('asks for a phone or a messenger', () => {
    const result = registerBodySchema.safeParse({ ...valid, messenger_id: '' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['phone'], message: MESSAGES.phoneOrMessenger }),
    ]);
  });

  it('says "Passwords must match" on the confirmation', () => {
    const result = registerBodySchema.safeParse({ ...valid, password_confirmation: 'Other123!' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password_confirmation'], message: 'Passwords must match' }),
    ]);
  });
});

describe('message keys', () => {
  it('finds the key of every known text and nothing for others', () => {
    expect(messageKey('Maintenance is in progress')).toBe('maintenance');
    expect(messageKey('Something unheard of')).toBeUndefined();
  });
});
