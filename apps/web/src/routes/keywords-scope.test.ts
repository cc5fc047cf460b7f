import { describe, expect, it } from 'vitest';
import { readRememberedScope, rememberScope, resolveKeywordsScope } from './keywords-scope';
import { keywordsSearch } from './search';

const app = (pkg: string, appstore: 1 | 2, country = 'US') => ({
  package: pkg,
  appstore,
  country: { id: 1, code: country, name: country },
});
const fitness = app('com.storelift.demo.fitness', 1);
const metro = app('1234567893', 2, 'UA');
const apps = [fitness, metro];

describe('resolveKeywordsScope', () => {
  it('waits for the apps', () => {
    expect(resolveKeywordsScope({}, undefined, null)).toEqual({ kind: 'loading' });
  });

  it("shows the query's app, in its main country unless one is named", () => {
    expect(resolveKeywordsScope({ packageId: metro.package, appstore: '2' }, apps, null)).toEqual({
      kind: 'show',
      app: metro,
      scope: { packageId: metro.package, appstore: 2, country: 'UA' },
    });
    expect(
      resolveKeywordsScope({ packageId: fitness.package, appstore: '1', country: 'GB' }, apps, null),
    ).toMatchObject({ kind: 'show', scope: { country: 'GB' } });
  });

  it('reads the store from the id when the query has none', () => {
    expect(resolveKeywordsScope({ packageId: metro.package }, apps, null)).toMatchObject({
      kind: 'show',
      app: metro,
    });
  });

  it('says when the query names an app the user does not have', () => {
    expect(resolveKeywordsScope({ packageId: 'com.other.app', appstore: '1' }, apps, null)).toEqual({
      kind: 'missing',
    });
    expect(resolveKeywordsScope({ packageId: fitness.package, appstore: '2' }, apps, null)).toEqual({
      kind: 'missing',
    });
  });

  it('opens the app shown last, else the first app', () => {
    const remembered = { packageId: metro.package, appstore: 2 as const, country: 'PL' };
    expect(resolveKeywordsScope({}, apps, remembered)).toEqual({
      kind: 'redirect',
      search: { packageId: metro.package, appstore: '2', country: 'PL' },
    });
    expect(resolveKeywordsScope({}, apps, { ...remembered, packageId: '1111111111' })).toEqual({
      kind: 'redirect',
      search: { packageId: fitness.package, appstore: '1', country: 'US' },
    });
    expect(resolveKeywordsScope({}, [], remembered)).toEqual({ kind: 'no-apps' });
  });
});

describe('remembered scope', () => {
  it('is kept per user', () => {
    rememberScope(7, { packageId: fitness.package, appstore: 1, country: 'US' });
    expect(readRememberedScope(7)).toEqual({ packageId: fitness.package, appstore: 1, country: 'US' });
    expect(readRememberedScope(8)).toBeNull();
    expect(readRememberedScope(undefined)).toBeNull();
  });

  it('ignores a damaged value', () => {
    window.localStorage.setItem('storelift.keywords-scope', '{nope');
    expect(readRememberedScope(7)).toBeNull();
  });
});

describe('keywordsSearch', () => {
  it('keeps well-formed values only', () => {
    expect(keywordsSearch({ packageId: 'com.a.b', appstore: '2', country: 'gb' })).toEqual({
      packageId: 'com.a.b',
      appstore: '2',
      country: 'GB',
    });
    expect(keywordsSearch({ packageId: 'x y', appstore: '3', country: 'GBR' })).toEqual({});
    expect(keywordsSearch({ appstore: 'ios' })).toEqual({ appstore: '2' });
  });
});
