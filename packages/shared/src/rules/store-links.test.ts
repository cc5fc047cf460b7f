import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { STORE_LINK_MESSAGES, isValidPackageId, packageIdMessage, parseStoreLink } from './store-links.js';
import {
  androidIdRule,
  appstoreRule,
  checkPackageId,
  iosIdRule,
  packageIdRule,
  storeLinkRule,
} from './store-link-rules.js';

const firstMessage = (result: { error?: z.ZodError }) => result.error?.issues[0]?.message;

describe('iOS id rule', () => {
  it.each(['123456789', '1234567890', ' 284882215 '])('accepts %j', (id) => {
    expect(iosIdRule.safeParse(id).success).toBe(true);
  });

  it('trims', () => {
    expect(iosIdRule.parse(' 284882215 ')).toBe('284882215');
  });

  it.each([
    '12345678',
    '12345678901',
    'id123456789',
    '12345678a',
    '-123456789',
    '123 456 789',
    '１２３４５６７８９',
  ])('refuses %j', (id) => {
    expect(firstMessage(iosIdRule.safeParse(id))).toBe(STORE_LINK_MESSAGES.iosIdInvalid);
  });

  it('asks for a value', () => {
    expect(firstMessage(iosIdRule.safeParse(''))).toBe(MESSAGES.required);
    expect(firstMessage(iosIdRule.safeParse(undefined))).toBe(MESSAGES.required);
  });
});

describe('Android id rule', () => {
  it.each([
    'com.whatsapp',
    'com.storelift.demo.fitness',
    'com.ea.game.pvzfree_row',
    'jp.naver.line.android',
    'com.king.candycrushsaga',
    'org.telegram.messenger2',
    'a.b',
  ])('accepts %j', (id) => {
    expect(androidIdRule.safeParse(id).success).toBe(true);
  });

  it.each([
    'com',
    'Com.example.app',
    'com.Slack',
    'com.example.App',
    'com..app',
    '.com.app',
    'com.app.',
    'com.2048.game',
    '1com.app',
    'com.exa-mple.app',
    'com.example app',
    'com.ex@mple.app',
    'com.примір.app',
    `com.${'a'.repeat(260)}`,
  ])('refuses %j', (id) => {
    expect(firstMessage(androidIdRule.safeParse(id))).toBe(STORE_LINK_MESSAGES.androidIdInvalid);
  });

  it('asks for a value', () => {
    expect(firstMessage(androidIdRule.safeParse('  '))).toBe(MESSAGES.required);
  });
});

describe('package id by store', () => {
  it('checks the id against its store', () => {
    expect(isValidPackageId(1, 'com.example.app')).toBe(true);
    expect(isValidPackageId(1, '123456789')).toBe(false);
    expect(isValidPackageId(2, '123456789')).toBe(true);
    expect(isValidPackageId(2, 'com.example.app')).toBe(false);
    expect(isValidPackageId(3, 'com.example.app')).toBe(false);
  });

  it('names the rule that failed', () => {
    expect(packageIdMessage(1, 'com.example.app')).toBeNull();
    expect(packageIdMessage(1, '123456789')).toBe(STORE_LINK_MESSAGES.androidIdInvalid);
    expect(packageIdMessage(2, 'com.example.app')).toBe(STORE_LINK_MESSAGES.iosIdInvalid);
    expect(packageIdMessage(0, 'com.example.app')).toBe(STORE_LINK_MESSAGES.appstoreInvalid);
  });

  it('gives the rule of each store', () => {
    expect(packageIdRule(1).safeParse('com.example.app').success).toBe(true);
    expect(packageIdRule(2).safeParse('com.example.app').success).toBe(false);
    expect(packageIdRule(2).safeParse('1234567890').success).toBe(true);
  });

  it('puts the message on the package field of a form', () => {
    const form = z
      .object({ appstore: appstoreRule, package: z.string() })
      .superRefine(checkPackageId('package'));
    expect(form.safeParse({ appstore: '2', package: '1234567890' }).success).toBe(true);
    const issues = form.safeParse({ appstore: 1, package: 'Com.Example' }).error!.issues;
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['package', STORE_LINK_MESSAGES.androidIdInvalid],
    ]);
  });

  it.each([1, 2, '1', '2'])('accepts store %j', (value) => {
    expect(appstoreRule.safeParse(value).success).toBe(true);
  });

  it.each([0, 3, '', 'ios', null])('refuses store %j', (value) => {
    expect(firstMessage(appstoreRule.safeParse(value))).toBe(STORE_LINK_MESSAGES.appstoreInvalid);
  });
});

describe('Google Play links', () => {
  it('reads id, language (hl) and country (gl)', () => {
    expect(
      parseStoreLink('https://play.google.com/store/apps/details?id=com.storelift.demo.fitness&hl=en&gl=US'),
    ).toEqual({ appstore: 1, packageId: 'com.storelift.demo.fitness', language: 'en', country: 'US' });
  });

  it('uppercases the country and keeps regional languages', () => {
    expect(
      parseStoreLink('https://play.google.com/store/apps/details?id=com.whatsapp&hl=pt_BR&gl=br'),
    ).toEqual({
      appstore: 1,
      packageId: 'com.whatsapp',
      language: 'pt_BR',
      country: 'BR',
    });
  });

  it('reads a bare link without language or country', () => {
    expect(parseStoreLink('https://play.google.com/store/apps/details?id=org.telegram.messenger')).toEqual({
      appstore: 1,
      packageId: 'org.telegram.messenger',
    });
  });

  it.each([
    'play.google.com/store/apps/details?id=com.whatsapp',
    'http://play.google.com/store/apps/details?id=com.whatsapp',
    'https://www.play.google.com/store/apps/details?id=com.whatsapp',
    '  https://play.google.com/store/apps/details/?id=com.whatsapp  ',
    'https://play.google.com/store/apps/details?pli=1&id=com.whatsapp&referrer=utm_source%3Dsite',
    'https://play.google.com/store/apps/details?id=com.whatsapp&hl=&gl=',
    'https://play.google.com/store/apps/details?id=com.whatsapp#details-reviews',
    'market://details?id=com.whatsapp',
    'https://play.google.com:443/store/apps/details?id=com.whatsapp',
    'https://play.google.com/store/apps/details?id=com%2Ewhatsapp',
    'https://play.google.com/store/apps/details?id=com.whatsapp&id=org.other.app',
    'https://market.android.com/store/apps/details?id=com.whatsapp',
  ])('reads the id of %j and nothing else', (link) => {
    expect(parseStoreLink(link)).toEqual({ appstore: 1, packageId: 'com.whatsapp' });
  });

  it('ignores values that are not a country or a language', () => {
    expect(parseStoreLink('https://play.google.com/store/apps/details?id=com.whatsapp&gl=USA&hl=e')).toEqual({
      appstore: 1,
      packageId: 'com.whatsapp',
    });
  });

  it.each([
    'https://play.google.com/store/apps/details?id=Com.WhatsApp',
    'https://play.google.com/store/apps/details?id=',
    'https://play.google.com/store/apps/details',
    'https://play.google.com/store/apps/developer?id=WhatsApp+LLC',
    'https://play.google.com/store/search?q=fitness&c=apps',
    'https://evil.example.com/store/apps/details?id=com.whatsapp',
    'https://play.google.com.evil.example/store/apps/details?id=com.whatsapp',
    'https://play.google.com@evil.example/store/apps/details?id=com.whatsapp',
    'ftp://play.google.com/store/apps/details?id=com.whatsapp',
    'https://play.google.com/store/apps/details?id=%E0%A4%A',
  ])('refuses %j', (link) => {
    expect(parseStoreLink(link)).toBeNull();
  });
});

describe('App Store links', () => {
  it('reads country (first path segment), id (after "id") and language (l)', () => {
    expect(parseStoreLink('https://apps.apple.com/us/app/some-name/id123456789?l=es')).toEqual({
      appstore: 2,
      packageId: '123456789',
      country: 'US',
      language: 'es',
    });
  });

  it.each([
    ['https://apps.apple.com/gb/app/whatsapp-messenger/id310633997', { country: 'GB' }],
    ['apps.apple.com/de/app/x/id1234567890', { country: 'DE' }],
    ['https://itunes.apple.com/us/app/facebook/id284882215?mt=8', { country: 'US' }],
    ['https://apps.apple.com/us/app/id284882215', { country: 'US' }],
    ['https://apps.apple.com/app/id284882215', {}],
    ['https://apps.apple.com/app/facebook/id284882215', {}],
    [
      'https://apps.apple.com/ua/app/facebook/id284882215?l=uk&platform=iphone',
      { country: 'UA', language: 'uk' },
    ],
    ['https://apps.apple.com/mx/app/x/id284882215?l=es-MX', { country: 'MX', language: 'es-MX' }],
    ['https://apps.apple.com/us/app/x/id284882215?l=', { country: 'US' }],
    ['https://apps.apple.com/us/app/x/id284882215?uo=4&at=10l&ct=campaign', { country: 'US' }],
    ['itms-apps://apps.apple.com/us/app/x/id284882215', { country: 'US' }],
  ])('reads %j', (link, extras) => {
    expect(parseStoreLink(link)).toEqual({ appstore: 2, packageId: expect.any(String), ...extras });
  });

  it('reads the id of a mobile share link', () => {
    expect(
      parseStoreLink('https://apps.apple.com/us/app/whatsapp-messenger/id310633997?platform=iphone'),
    ).toEqual({ appstore: 2, packageId: '310633997', country: 'US' });
  });

  it.each([
    'https://apps.apple.com/us/app/some-name/id12345',
    'https://apps.apple.com/us/app/some-name/id12345678901',
    'https://apps.apple.com/us/app/some-name',
    'https://apps.apple.com/us/developer/meta-platforms-inc/id284882218x',
    'https://apple.com/us/app/x/id123456789',
  ])('refuses %j', (link) => {
    expect(parseStoreLink(link)).toBeNull();
  });
});

describe('bare ids and other input', () => {
  it('reads a bare id as the store it matches', () => {
    expect(parseStoreLink('123456789')).toEqual({ appstore: 2, packageId: '123456789' });
    expect(parseStoreLink(' id1234567890 ')).toEqual({ appstore: 2, packageId: '1234567890' });
    expect(parseStoreLink('com.storelift.demo.fitness')).toEqual({
      appstore: 1,
      packageId: 'com.storelift.demo.fitness',
    });
  });

  it.each([
    '',
    '   ',
    'fitness',
    'Com.Example.App',
    '12345678',
    'https://example.com',
    'not a link at all',
    'https://',
    'javascript:alert(1)',
  ])('refuses %j', (input) => {
    expect(parseStoreLink(input)).toBeNull();
  });

  it('serves as a form field that yields the link', () => {
    expect(storeLinkRule.parse(' https://apps.apple.com/us/app/x/id123456789 ')).toEqual({
      appstore: 2,
      packageId: '123456789',
      country: 'US',
    });
    expect(firstMessage(storeLinkRule.safeParse('fitness'))).toBe(STORE_LINK_MESSAGES.linkInvalid);
    expect(firstMessage(storeLinkRule.safeParse(''))).toBe(MESSAGES.required);
  });
});
