import { describe, expect, it } from 'vitest';
import type { Product } from '@storelift/shared';
import { cellErrors, cellOfPath, priceCells, productsBody } from './products-form';

const products: Product[] = [
  {
    appstore: 1,
    type: 1,
    price: '0.1200',
    pricetags: [
      { priceplan_id: 1, name: 'Base', price: '0.1200' },
      { priceplan_id: 2, name: 'Bronze', price: '0.1140' },
    ],
  },
  { appstore: 1, type: 4, price: '0.1500', pricetags: [{ priceplan_id: 1, name: 'Base', price: '0.1500' }] },
];

describe('the price grid', () => {
  it('shows the shortest decimals and sends them back as typed, never as floats', () => {
    const cells = priceCells(products);
    expect(cells).toEqual({ '1': '0.12', '1:1': '0.12', '1:2': '0.114', '4': '0.15', '4:1': '0.15' });
    const body = productsBody(1, products, { ...cells, '1:2': ' 0.3 ' });
    expect(body.products[0]).toEqual({
      type: 1,
      price: '0.12',
      pricetags: [
        { priceplan_id: 1, price: '0.12' },
        { priceplan_id: 2, price: '0.3' },
      ],
    });
  });

  it('puts the shared rules’ and the server’s messages on the cell they concern', () => {
    const cells = { ...priceCells(products), '4': '', '1:2': '0.00001' };
    const errors = cellErrors(products, productsBody(1, products, cells));
    expect(Object.keys(errors).sort()).toEqual(['1:2', '4']);
    expect(cellErrors(products, productsBody(1, products, priceCells(products)))).toEqual({});
    expect(cellOfPath(products, 'products.0.pricetags.1.priceplan_id')).toBe('1:2');
    expect(cellOfPath(products, 'products.1.price')).toBe('4');
    expect(cellOfPath(products, 'products.5.price')).toBeUndefined();
  });
});
