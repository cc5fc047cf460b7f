import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, type Campaign } from '@storelift/shared';
import { schemaErrors } from '../../../lib/use-schema-form';
import {
  balanceAfterCharge,
  CPI_STEPS,
  cpiBodyFromValues,
  cpiFormSchema,
  cpiValuesFromCampaign,
  emptyCpiValues,
  estimateInput,
  firstStepWithErrors,
  installsPerDay,
  keptPromotionCountries,
  shortfall,
  startCharge,
  stepErrors,
  stepOfField,
  targetCountries,
  type CpiFormValues,
} from './cpi-logic';

const complete = (overrides: Partial<CpiFormValues> = {}): CpiFormValues => ({
  ...emptyCpiValues(),
  packageId: 'com.example.app',
  appstore: 1,
  country: 'US',
  cpiGeo: ['europe'],
  cpiLevels: ['high'],
  cpiHeadline1: 'Train at home',
  cpiHeadline2: 'Workouts in 7 minutes',
  cpiAdAssets: 'Plans for every level, no equipment needed.',
  ...overrides,
});

const errorsOf = (values: CpiFormValues) => schemaErrors(cpiFormSchema, values);

describe('steps', () => {
  it('starts with the defaults of customer-area §9', () => {
    const values = emptyCpiValues();
    expect(values).toMatchObject({ cpiBudget: 10, cpiTarget: 0.15, cpiDays: 7, unlimited_duration: false });
    expect(CPI_STEPS).toEqual(['intro', 'target', 'promotion', 'budget', 'ads', 'summary']);
  });

  it('a complete wizard has no error on any step', async () => {
    expect(await errorsOf(complete())).toEqual({});
  });

  it('target: asks for an app and a GEO group or CPI level, and refuses a choice with no country', async () => {
    const fresh = await errorsOf({ ...emptyCpiValues(), cpiHeadline1: 'x' });
    const target = stepErrors('target', fresh);
    expect(target.cpiGeo).toBe(CAMPAIGN_MESSAGES.cpiTargetsRequired);
    expect(target.packageId).toBeDefined();
    // The headline of the ads step does not stop the target step.
    expect(target).not.toHaveProperty('cpiHeadline1');

    // No African country has the high CPI level in the shared table.
    const none = stepErrors('target', await errorsOf(complete({ cpiGeo: ['africa'], cpiLevels: ['high'] })));
    expect(none.cpiGeo).toBe(CAMPAIGN_MESSAGES.cpiTargetsEmpty);
  });

  it('promotion: countries must be among the targets, a language is required', async () => {
    const outside = stepErrors('promotion', await errorsOf(complete({ cpiCountry: ['US'] })));
    expect(outside.cpiCountry).toBe(CAMPAIGN_MESSAGES.cpiPromotionOutside);
    expect(stepErrors('promotion', await errorsOf(complete({ cpiCountry: ['DE', 'FR'] })))).toEqual({});
    const noLanguage = stepErrors('promotion', await errorsOf(complete({ cpiLanguages: [] })));
    expect(noLanguage.cpiLanguages).toBe(CAMPAIGN_MESSAGES.cpiLanguageRequired);
  });

  it('budget: days 5 to 30 unless unlimited, the budget covers at least one install', async () => {
    expect(stepErrors('budget', await errorsOf(complete({ cpiDays: 4 }))).cpiDays).toBe(
      CAMPAIGN_MESSAGES.cpiDaysRange,
    );
    expect(stepErrors('budget', await errorsOf(complete({ cpiDays: 31 }))).cpiDays).toBe(
      CAMPAIGN_MESSAGES.cpiDaysRange,
    );
    expect(stepErrors('budget', await errorsOf(complete({ cpiDays: '' }))).cpiDays).toBe(
      CAMPAIGN_MESSAGES.cpiDaysRange,
    );
    // Unlimited: the days field is not sent, so not checked.
    expect(stepErrors('budget', await errorsOf(complete({ cpiDays: '', unlimited_duration: true })))).toEqual(
      {},
    );
    expect(stepErrors('budget', await errorsOf(complete({ cpiBudget: '' }))).cpiBudget).toBe(
      CAMPAIGN_MESSAGES.cpiBudgetInvalid,
    );
    expect(stepErrors('budget', await errorsOf(complete({ cpiBudget: 2, cpiTarget: 3 }))).cpiBudget).toBe(
      CAMPAIGN_MESSAGES.cpiBudgetBelowTarget,
    );
  });

  it('ads: each text required, within its length, and all different', async () => {
    const empty = stepErrors('ads', await errorsOf(complete({ cpiHeadline2: '  ', cpiAdAssets: '' })));
    expect(empty).toEqual({
      cpiHeadline2: CAMPAIGN_MESSAGES.cpiHeadline2Required,
      cpiAdAssets: CAMPAIGN_MESSAGES.cpiDescriptionRequired,
    });
    const long = stepErrors('ads', await errorsOf(complete({ cpiHeadline1: 'x'.repeat(31) })));
    expect(long.cpiHeadline1).toBe(CAMPAIGN_MESSAGES.cpiHeadlineLength);
    const short = stepErrors('ads', await errorsOf(complete({ cpiAdAssets: 'ab' })));
    expect(short.cpiAdAssets).toBe(CAMPAIGN_MESSAGES.cpiDescriptionLength);
    const same = stepErrors('ads', await errorsOf(complete({ cpiHeadline2: 'train at HOME' })));
    expect(same).toEqual({ cpiHeadline2: CAMPAIGN_MESSAGES.cpiTextsUnique });
  });

  it('maps a field to its step, so a 422 sends the user back there', () => {
    expect(stepOfField('cpiGeo')).toBe(CPI_STEPS.indexOf('target'));
    expect(stepOfField('cpiCountry')).toBe(CPI_STEPS.indexOf('promotion'));
    expect(stepOfField('cpiDays')).toBe(CPI_STEPS.indexOf('budget'));
    expect(stepOfField('cpiHeadline2')).toBe(CPI_STEPS.indexOf('ads'));
    expect(stepOfField('start_at')).toBe(CPI_STEPS.indexOf('summary'));
    expect(firstStepWithErrors({ cpiAdAssets: 'x', cpiBudget: 'y', packageId: undefined })).toBe(
      CPI_STEPS.indexOf('budget'),
    );
    expect(firstStepWithErrors({ cpiAdAssets: undefined })).toBeNull();
  });
});

describe('money', () => {
  it('charges twice the daily budget at the start, exactly', () => {
    expect(startCharge(10)).toBe('20.0000');
    expect(startCharge('12.345')).toBe('24.6900');
    expect(startCharge(0.1)).toBe('0.2000');
    expect(startCharge('')).toBeNull();
    expect(startCharge('ten')).toBeNull();
  });

  it('estimates the installs a day the budget buys at the target CPI, rounded down', () => {
    expect(installsPerDay(10, 0.15)).toBe(66);
    expect(installsPerDay('0.3', '0.1')).toBe(3);
    expect(installsPerDay(10, 0)).toBeNull();
    expect(installsPerDay(10, '')).toBeNull();
  });

  it('says what the balance lacks for the start charge', () => {
    expect(shortfall('15.5000', '20.0000')).toBe('4.5000');
    expect(shortfall('20.0000', '20.0000')).toBeNull();
    expect(shortfall(undefined, '20.0000')).toBeNull();
    // The review's balance after the start charge.
    expect(balanceAfterCharge('100.0000', '20.0000')).toBe('80.0000');
    expect(balanceAfterCharge('15.5000', '20.0000')).toBe('-4.5000');
    expect(balanceAfterCharge(undefined, '20.0000')).toBeNull();
  });
});

describe('countries', () => {
  it('resolves GEO groups and CPI levels through the shared table', () => {
    const europeHigh = targetCountries({ cpiGeo: ['europe'], cpiLevels: ['high'] });
    expect(europeHigh).toEqual(expect.arrayContaining(['DE', 'FR', 'GB']));
    expect(europeHigh).not.toContain('US');
    expect(europeHigh).not.toContain('UA');
    expect(targetCountries({ cpiGeo: ['worldwide'], cpiLevels: ['high'] })).toContain('US');
    expect(targetCountries({ cpiGeo: [], cpiLevels: [] })).toEqual([]);
  });

  it('drops promotion countries the new target choice leaves out', () => {
    expect(
      keptPromotionCountries({ cpiGeo: ['europe'], cpiLevels: ['high'], cpiCountry: ['DE', 'UA', 'FR'] }),
    ).toEqual(['DE', 'FR']);
  });
});

describe('body and prefill', () => {
  it('sends the CPI fields; no promotion country means all targets; unlimited sends no days', () => {
    const body = cpiBodyFromValues(complete({ unlimited_duration: true, cpiHeadline1: ' Train at home ' }), {
      draft: true,
    });
    expect(body).toMatchObject({
      productType: 4,
      cpiBudget: '10',
      cpiTarget: '0.15',
      cpiDays: null,
      cpiHeadline1: 'Train at home',
      draft: true,
    });
    expect(body).not.toHaveProperty('cpiCountry');
    expect(cpiBodyFromValues(complete({ cpiCountry: ['DE'] })).cpiCountry).toEqual(['DE']);
  });

  it('fills the wizard from a CPI campaign’s details, and not from another type', () => {
    const campaign = {
      type: 4,
      package: 'com.example.app',
      appstore: 1,
      country: { id: 1, code: 'us', name: 'United States' },
      cpi: {
        daily_budget: '12.5000',
        target_cpi: '0.2000',
        days: null,
        unlimited_duration: true,
        geo: ['europe'],
        levels: ['high'],
        countries: ['DE'],
        languages: ['english', 'spanish'],
        headline1: 'One',
        headline2: 'Two',
        description: 'Three',
        deeplink: null,
      },
    } as unknown as Campaign;
    expect(cpiValuesFromCampaign(campaign)).toMatchObject({
      packageId: 'com.example.app',
      country: 'US',
      cpiBudget: '12.5',
      cpiTarget: '0.2',
      unlimited_duration: true,
      cpiCountry: ['DE'],
      cpiLanguages: ['english', 'spanish'],
      cpiHeadline1: 'One',
      deeplink: '',
    });
    expect(cpiValuesFromCampaign({ ...campaign, type: 2 })).toBeNull();
  });
});

describe('estimateInput', () => {
  it('asks about the promotion countries, or every target country when none is chosen', () => {
    expect(estimateInput(complete({ cpiCountry: ['FR', 'DE'] })).countries).toEqual(['DE', 'FR']);
    expect(estimateInput(complete({ cpiCountry: [] })).countries).toEqual(targetCountries(complete()));
  });
  it('sends the target only while it reads as a positive amount, exactly', () => {
    expect(estimateInput(complete({ cpiTarget: '0.15' })).target).toBe('0.1500');
    expect(estimateInput(complete({ cpiTarget: 0.3 })).target).toBe('0.3000');
    expect(estimateInput(complete({ cpiTarget: '' })).target).toBeNull();
    expect(estimateInput(complete({ cpiTarget: '0' })).target).toBeNull();
    expect(estimateInput(complete({ cpiTarget: 'abc' })).target).toBeNull();
  });
});
