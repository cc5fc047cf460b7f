import { describe, expect, it } from 'vitest';
import { countrySwitches } from './vendor-switches';

const ref = (code: string, id = 1) => ({ id, code, name: code });

describe('countrySwitches', () => {
  it("lists the vendor's switches with the countries picked here, which start active", () => {
    const vendor = { countries: [{ country: ref('us'), is_active: false }] };
    expect(countrySwitches(vendor, ['DE', 'US'])).toEqual([
      { code: 'DE', is_active: true },
      { code: 'US', is_active: false },
    ]);
  });

  it('is empty for a vendor active everywhere', () => {
    expect(countrySwitches({ countries: [] }, [])).toEqual([]);
  });
});
