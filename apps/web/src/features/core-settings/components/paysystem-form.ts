import type { Paysystem, PaysystemBody } from '@storelift/shared';
import type { FormSchema } from '../../../lib/use-schema-form';

/** The payment system form: amounts and percents as typed (decimal strings), '' = none where optional. */
export interface PaysystemFormValues extends Record<string, unknown> {
  description: string;
  min_amount: string;
  max_amount: string;
  fee: string;
  vat: string;
  bonus: boolean;
  bonus_max_amount: string;
  confirmations: string;
}

/** "6.0000" → "6": the shortest text of a decimal the server wrote. */
const short = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export function paysystemValues(system: Paysystem): PaysystemFormValues {
  return {
    description: system.description,
    min_amount: short(system.min_amount),
    max_amount: short(system.max_amount),
    fee: short(system.fee),
    vat: system.vat === null ? '' : short(system.vat),
    bonus: system.bonus,
    bonus_max_amount: system.bonus_max_amount === null ? '' : short(system.bonus_max_amount),
    confirmations: String(system.confirmations),
  };
}

/** The body of `PUT paysystems/{id}`: money stays a decimal string; an empty optional field is null. */
export function paysystemBody(values: PaysystemFormValues): PaysystemBody {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim());
  const confirmations = values.confirmations.trim();
  return {
    description: values.description,
    min_amount: values.min_amount.trim(),
    max_amount: values.max_amount.trim(),
    fee: values.fee.trim(),
    vat: optional(values.vat),
    bonus: values.bonus,
    bonus_max_amount: optional(values.bonus_max_amount),
    confirmations: /^\d{1,3}$/.test(confirmations) ? Number(confirmations) : Number.NaN,
  };
}

/**
 * The shared body rules, checked on the body the form's values make (for useSchemaForm). They load with the first
 * check: the dialog's page does not need zod until the form is used.
 */
export const paysystemFormSchema: FormSchema = {
  '~standard': {
    validate: async (values: unknown) => {
      const { paysystemBodySchema } = await import('../../../lib/contracts');
      return paysystemBodySchema['~standard'].validate(paysystemBody(values as PaysystemFormValues));
    },
  },
};
