import type { Vendor, VendorBody, VendorProtocol } from '@storelift/shared';
import type { FormSchema } from '../../../lib/use-schema-form';

/** The vendor form; the fields carry the body's names, so schema and server messages land on them. */
export interface VendorFormValues extends Record<string, unknown> {
  /** '' = both stores, '1' Google Play, '2' App Store. */
  store: '' | '1' | '2';
  vendor: string;
  /** Country code; '' = all countries. */
  country: string;
  mature: boolean;
  products: number[];
  /** Percent 0-100 ('' while the field is empty). */
  share: number | string;
  is_active: boolean;
  /** The vendor's HTTP API; '' = the embedded sandbox delivers. */
  api_url: string;
  /** A new API key; '' keeps the stored one (clearing the URL stops its use). */
  api_key: string;
  protocol: VendorProtocol;
  /** A decimal text in the vendor's balance currency; '' = no low-balance notice. */
  balance_threshold: string;
}

/** A stored amount ("100.50000") as the field shows it ("100.5"): the text with its trailing zeros dropped. */
function amountInputText(amount: string | null): string {
  return amount === null ? '' : amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

export function emptyVendorValues(): VendorFormValues {
  return {
    store: '',
    vendor: '',
    country: '',
    mature: false,
    products: [],
    share: 100,
    is_active: true,
    api_url: '',
    api_key: '',
    protocol: 'panel',
    balance_threshold: '',
  };
}

/** A vendor as the edit form starts. */
export function vendorValues(vendor: Vendor): VendorFormValues {
  return {
    store: vendor.store === 1 || vendor.store === 2 ? (String(vendor.store) as '1' | '2') : '',
    vendor: vendor.vendor,
    country: vendor.country?.code.toUpperCase() ?? '',
    mature: vendor.mature,
    products: [...vendor.products],
    share: Number(vendor.share),
    is_active: vendor.is_active,
    api_url: vendor.api_url ?? '',
    api_key: '',
    protocol: vendor.protocol,
    balance_threshold: amountInputText(vendor.balance_threshold),
  };
}

/** The body of `POST vendors` / `PUT vendors/{id}` (the whole vendor); an empty share stays invalid. */
export function vendorBody(values: VendorFormValues): VendorBody {
  const share = typeof values.share === 'number' ? values.share : values.share.trim();
  return {
    store: values.store === '' ? null : (Number(values.store) as 1 | 2),
    vendor: values.vendor,
    country: values.country === '' ? null : values.country,
    mature: values.mature,
    products: values.products,
    share: share === '' ? Number.NaN : Number(share),
    is_active: values.is_active,
    api_url: values.api_url.trim(),
    api_key: values.api_key.trim() || undefined,
    protocol: values.protocol,
    // The typed text as it is (never a float); the shared rule reads and checks it.
    balance_threshold: values.balance_threshold.trim() || null,
  };
}

/**
 * The shared body rules, checked on the body the form's values make (for useSchemaForm). They load with the first
 * check: the dialog's page does not need zod until the form is used.
 */
export const vendorFormSchema: FormSchema = {
  '~standard': {
    validate: async (values: unknown) => {
      const { vendorBodySchema } = await import('../../../lib/contracts');
      return vendorBodySchema['~standard'].validate(vendorBody(values as VendorFormValues));
    },
  },
};
