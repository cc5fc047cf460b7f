import { productsBodySchema, validationMessage, type Product, type ProductsBody } from '@storelift/shared';

/** The price grid as typed: `type` → base price, `type:planId` → the plan's pricetag. */
export type PriceCells = Record<string, string>;

export const cellKey = (type: number, planId?: number) =>
  planId === undefined ? `${type}` : `${type}:${planId}`;

const short = (value: string) => value.replace(/\.?0+$/, '');

export function priceCells(products: Product[]): PriceCells {
  const cells: PriceCells = {};
  for (const product of products) {
    cells[cellKey(product.type)] = short(product.price);
    for (const tag of product.pricetags) cells[cellKey(product.type, tag.priceplan_id)] = short(tag.price);
  }
  return cells;
}

/** The body of `PUT products`: every row of the store, prices as decimal strings. */
export function productsBody(appstore: 1 | 2, products: Product[], cells: PriceCells): ProductsBody {
  return {
    appstore,
    products: products.map((product) => ({
      type: product.type,
      price: (cells[cellKey(product.type)] ?? '').trim(),
      pricetags: product.pricetags.map((tag) => ({
        priceplan_id: tag.priceplan_id,
        price: (cells[cellKey(product.type, tag.priceplan_id)] ?? '').trim(),
      })),
    })),
  };
}

/**
 * The cell a field path of the body names (`products.2.price`, `products.2.pricetags.4.price`), so the
 * shared rules' and the server's messages land on the input they concern.
 */
export function cellOfPath(products: Product[], path: string): string | undefined {
  const [, row, field, tag] = path.split('.');
  const product = products[Number(row)];
  if (!product) return undefined;
  if (field === 'price') return cellKey(product.type);
  const plan = product.pricetags[Number(tag)];
  return field === 'pricetags' && plan ? cellKey(product.type, plan.priceplan_id) : undefined;
}

/** The shared rules' first message per cell; empty when the grid is valid. */
export function cellErrors(products: Product[], body: ProductsBody): Record<string, string> {
  const result = productsBodySchema.safeParse(body, { error: validationMessage });
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const cell = cellOfPath(products, issue.path.join('.'));
    if (cell) errors[cell] ??= issue.message;
  }
  return errors;
}
