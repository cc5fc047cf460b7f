import { describe, expect, it } from 'vitest';
import { formatMoney, type VendorMapping, type VendorService } from '@storelift/shared';
import {
  mappingRows,
  mappingsBody,
  marginOf,
  newMappingRow,
  rowErrorsOf,
  rowFigures,
  rowProblems,
} from './mapping-rows';
import { ApiError } from '../../../lib/api';
import { perThousandText } from '../../../lib/vendor-money';

const saved: VendorMapping = {
  id: 3,
  product_type: 1,
  store: 2,
  country: 'de',
  service: '101',
  is_active: false,
  service_name: 'Installs DE',
  rate: '0.90000',
  min: 10,
  max: 5000,
  our_price: '1.5000',
};

const service = (overrides: Partial<VendorService>): VendorService => ({
  service: '101',
  name: 'Installs DE (fresh)',
  type: 'Default',
  category: 'Installs',
  rate: '0.80000',
  min: 20,
  max: 9000,
  refill: false,
  cancel: true,
  ...overrides,
});

describe('mapping rows', () => {
  it('start from the saved mappings and go back whole, any country as null', () => {
    const rows = [...mappingRows([saved]), { ...newMappingRow(), product_type: '7', service: '9' }];
    expect(mappingsBody(rows)).toEqual({
      items: [
        { product_type: 1, store: 2, country: 'DE', service: '101', is_active: false },
        { product_type: 7, store: 1, country: null, service: '9', is_active: true },
      ],
    });
  });

  it('leave an unpicked product invalid for the server to name', () => {
    expect(mappingsBody([newMappingRow()]).items[0]!.product_type).toBeNaN();
  });

  it("tell an unpicked product or service, and a row repeating an earlier one's product, store and country", () => {
    const first = { ...newMappingRow(), product_type: '1', service: '9' };
    const again = { ...newMappingRow(), product_type: '1', service: '9' };
    const otherCountry = { ...newMappingRow(), product_type: '1', service: '9', country: 'US' };
    const empty = newMappingRow();
    expect(rowProblems([first, again, otherCountry, empty])).toEqual({
      [again.key]: { country: 'duplicate' },
      [empty.key]: { product_type: 'pickProduct', service: 'pickService' },
    });
  });

  it("show the loaded service's figures, else the saved ones, and our price only for the saved target", () => {
    const [row] = mappingRows([saved]);
    expect(rowFigures(row!, [service({})])).toMatchObject({ rate: '0.80000', min: 20, ourPrice: '1.5000' });
    expect(rowFigures(row!, [])).toMatchObject({ name: 'Installs DE', rate: '0.90000', max: 5000 });
    expect(rowFigures({ ...row!, service: '102' }, [])).toMatchObject({ rate: null, ourPrice: '1.5000' });
    expect(rowFigures({ ...row!, country: '' }, []).ourPrice).toBeNull();
  });
});

describe("the server's refusal of a list", () => {
  it("puts each row's field messages on that row and leaves the rest for the error modal", () => {
    const rows = [newMappingRow(), newMappingRow()];
    const refusal = new ApiError(422, 'The given data was invalid.', {
      'items.1.service': ['Must be at least 1 characters'],
      'items.1.product_type': ['The data is not valid'],
      items: ['Too many'],
      'items.7.service': ['No such row'],
    });
    const { byRow, other } = rowErrorsOf(refusal, rows);
    expect(byRow).toEqual({
      [rows[1]!.key]: { service: 'Must be at least 1 characters', product_type: 'The data is not valid' },
    });
    expect(other).toEqual(['Too many', 'No such row']);
  });
});

describe('margin', () => {
  it('is our price less the rate, with its percent of our price', () => {
    const margin = marginOf('1.5000', '0.90000', 'USD')!;
    expect(perThousandText(margin.amount)).toBe('0.60');
    expect(formatMoney(margin.percent!)).toBe('40.0000');
    const loss = marginOf('1', '1.20', null)!;
    expect(perThousandText(loss.amount)).toBe('-0.20');
    expect(formatMoney(loss.percent!)).toBe('-20.0000');
    expect(formatMoney(marginOf('3', '1', 'usd')!.percent!)).toBe('66.6700');
  });

  it('is unknown without both amounts or in another currency', () => {
    expect(marginOf(null, '1', 'USD')).toBeNull();
    expect(marginOf('2', '1', 'EUR')).toBeNull();
    expect(marginOf('0', '1', 'USD')).toEqual({ amount: -10_000n, percent: null });
  });
});
