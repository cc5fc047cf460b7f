import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries.js';
import { cpiTargetCountries } from './cpi.js';
import { GEO_TARGETS, countryOfGeoTarget, geoTargetOf } from './geo-targets.js';

describe('Google Ads geo targets', () => {
  it('name every country the wizard offers but those Google Ads cannot target', () => {
    const untargetable = COUNTRIES.map((country) => country.code).filter(
      (code) => geoTargetOf(code) === null,
    );
    expect(untargetable).toEqual(['AX', 'BM', 'BV', 'CU', 'IO', 'IR', 'KP', 'KY', 'SY', 'VG']);
    expect(Object.keys(GEO_TARGETS).every((code) => COUNTRIES.some((country) => country.code === code))).toBe(
      true,
    );
  });

  it('are Google’s ids (2000 + ISO numeric) and read back from a report row’s criterion id', () => {
    expect([geoTargetOf('US'), geoTargetOf('DE'), geoTargetOf('GB'), geoTargetOf('UA')]).toEqual([
      2840, 2276, 2826, 2804,
    ]);
    expect([geoTargetOf('HK'), geoTargetOf('TW'), geoTargetOf('XK')]).toEqual([2344, 2158, 2900]);
    expect(new Set(Object.values(GEO_TARGETS)).size).toBe(Object.keys(GEO_TARGETS).length);
    expect(countryOfGeoTarget('2276')).toBe('DE');
    expect(countryOfGeoTarget(2804)).toBe('UA');
    expect(countryOfGeoTarget('9999')).toBeNull();
  });

  it('bound the countries a CPI campaign can target: worldwide leaves the untargetable ones out', () => {
    const worldwide = cpiTargetCountries({ geo: ['worldwide'] });
    expect(worldwide).toHaveLength(Object.keys(GEO_TARGETS).length);
    expect(worldwide.filter((code) => geoTargetOf(code) === null)).toEqual([]);
  });
});
