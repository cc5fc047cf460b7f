import { describe, expect, it } from 'vitest';
import { STORE_LINK_MESSAGES } from '@storelift/shared';
import { schemaErrors } from '../../../lib/use-schema-form';
import { readPackageInput } from './add-app';
import { addAppFormSchema } from './add-app-schema';

const google = { appstore: 1 as const, country: 'US' };

describe('readPackageInput', () => {
  it('fills the store and country in from a pasted Google Play link', () => {
    expect(
      readPackageInput(
        'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness&hl=en&gl=GB',
        {
          appstore: 2,
          country: 'US',
        },
      ),
    ).toEqual({
      link: { appstore: 1, packageId: 'com.storelift.demo.fitness', country: 'GB', language: 'en' },
      appstore: 1,
      country: 'GB',
    });
  });

  it('fills the store and country in from a pasted App Store link', () => {
    expect(readPackageInput('https://apps.apple.com/ua/app/metro-ride/id1234567893', google)).toMatchObject({
      appstore: 2,
      country: 'UA',
      link: { packageId: '1234567893' },
    });
  });

  it('picks the store of a bare id and keeps the country', () => {
    expect(readPackageInput('1234567890', google)).toMatchObject({ appstore: 2, country: 'US' });
    expect(readPackageInput('com.example.app', { appstore: 2, country: 'DE' })).toMatchObject({
      appstore: 1,
      country: 'DE',
    });
  });

  it('leaves the form as it is for a name to search', () => {
    expect(readPackageInput('home workout', { appstore: 2, country: 'DE' })).toEqual({
      link: null,
      appstore: 2,
      country: 'DE',
    });
  });
});

describe('addAppFormSchema', () => {
  it('accepts an id or a link of the chosen store', async () => {
    expect(
      await schemaErrors(addAppFormSchema, { ...google, package: 'com.storelift.demo.fitness' }),
    ).toEqual({});
    expect(
      await schemaErrors(addAppFormSchema, {
        ...google,
        package: 'https://play.google.com/store/apps/details?id=com.storelift.demo.fitness',
      }),
    ).toEqual({});
    expect(
      await schemaErrors(addAppFormSchema, { appstore: 2, country: 'US', package: '1234567890' }),
    ).toEqual({});
  });

  it("refuses an id that is not the store's form, on the package field", async () => {
    expect(await schemaErrors(addAppFormSchema, { ...google, package: 'Com.Bad.Id' })).toEqual({
      package: STORE_LINK_MESSAGES.androidIdInvalid,
    });
    expect(await schemaErrors(addAppFormSchema, { appstore: 2, country: 'US', package: '12345' })).toEqual({
      package: STORE_LINK_MESSAGES.iosIdInvalid,
    });
    expect(await schemaErrors(addAppFormSchema, { ...google, package: '1234567890' })).toEqual({
      package: STORE_LINK_MESSAGES.androidIdInvalid,
    });
  });
});
