import { describe, expect, it } from 'vitest';
import { cloneTarget } from './clone-keywords-modal';

const scope = { packageId: 'com.a.b', appstore: 1 as const, country: 'US' };

describe('cloneTarget', () => {
  it('is null when nothing differs from the source', () => {
    expect(cloneTarget(scope, { package: 'com.a.b', appstore: 1 }, 'US')).toBeNull();
  });

  it('names only the country for another country of the same app', () => {
    expect(cloneTarget(scope, { package: 'com.a.b', appstore: 1 }, 'GB')).toEqual({ toCountry: 'GB' });
  });

  it('names the app, its store and the country for another app', () => {
    expect(cloneTarget(scope, { package: '1234567890', appstore: 2 }, 'US')).toEqual({
      toPackageId: '1234567890',
      toAppstore: 2,
      toCountry: 'US',
    });
  });
});
