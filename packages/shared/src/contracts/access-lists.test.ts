import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../rules/security-messages.js';
import { accessListEntryBodySchema, accessValueMessage, normalizeAccessValue } from './access-lists.js';

describe('access list values', () => {
  it('normalizes each category', () => {
    expect(normalizeAccessValue('email', ' Bad@Example.COM ')).toBe('bad@example.com');
    expect(normalizeAccessValue('email-domain', '@Example.com')).toBe('example.com');
    expect(normalizeAccessValue('country', 'de')).toBe('DE');
    expect(normalizeAccessValue('ip', '2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normalizeAccessValue('package-id', ' com.example.app ')).toBe('com.example.app');
  });

  it.each([
    ['email', 'a@example.com', 'a@', SECURITY_MESSAGES.emailInvalid],
    ['email-domain', 'mail.example.com', 'example', SECURITY_MESSAGES.domainInvalid],
    ['ip', '203.0.113.0/24', '203.0.113.0/33', SECURITY_MESSAGES.networkInvalid],
    ['ip', '2001:db8::1', '2001:db8::g', SECURITY_MESSAGES.networkInvalid],
    ['country', 'UA', 'ZZ', SECURITY_MESSAGES.countryInvalid],
    ['package-id', '1234567890', 'com.Example', SECURITY_MESSAGES.packageInvalid],
  ] as const)('%s accepts %s and refuses %s', (category, good, bad, message) => {
    expect(accessValueMessage(category, good)).toBeNull();
    expect(accessValueMessage(category, bad)).toBe(message);
  });

  it('defaults to the white list and requires every field', () => {
    const body = { category: 'country', value: 'de', date: '2026-01-31', description: 'Sanctions' };
    expect(accessListEntryBodySchema.parse(body)).toMatchObject({ list_type: 'white-list', value: 'DE' });
    const empty = accessListEntryBodySchema.safeParse({});
    expect(empty.error?.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'category',
      'date',
      'description',
      'value',
    ]);
    expect(accessListEntryBodySchema.safeParse({ ...body, date: '2026-02-30' }).success).toBe(false);
  });
});
