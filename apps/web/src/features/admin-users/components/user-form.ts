import type { AdminUser, Gender, UpdateAdminUserBody } from '@storelift/shared';
import type { FormSchema } from '../../../lib/use-schema-form';

/** The edit form of staff-admin §3 User; the fields carry the body's names, so messages land on them. */
export interface UserFormValues extends Record<string, unknown> {
  nickname: string;
  full_name: string;
  business_type: string;
  country: string;
  /** '' = not given. */
  gender: '' | Gender;
  phone: string;
  messenger_type: string;
  messenger_id: string;
  roles: string[];
  /** The plan id as text (a Select's value). */
  priceplan_id: string;
  /** '' = no manager. */
  manager_id: string;
  eu_payee: boolean;
}

export function userValues(user: AdminUser): UserFormValues {
  return {
    nickname: user.nickname,
    full_name: user.full_name,
    business_type: user.business_type,
    country: user.country,
    gender: user.gender ?? '',
    phone: user.phone ?? '',
    messenger_type: user.messenger_type ?? '',
    messenger_id: user.messenger_id ?? '',
    roles: [...user.roles],
    priceplan_id: String(user.priceplan.id),
    manager_id: user.manager ? String(user.manager.id) : '',
    eu_payee: user.eu_payee,
  };
}

/**
 * The body of `PUT users`: every field as the form has it; the plan only when it changed (it needs its own
 * permission).
 */
export function userBody(id: number, values: UserFormValues, planId?: number): UpdateAdminUserBody {
  const plan = Number(values.priceplan_id);
  return {
    id,
    nickname: values.nickname,
    full_name: values.full_name,
    business_type: values.business_type as UpdateAdminUserBody['business_type'],
    country: values.country,
    gender: values.gender === '' ? null : values.gender,
    phone: values.phone.trim() || null,
    messenger_type: values.messenger_type || null,
    messenger_id: values.messenger_id.trim() || null,
    roles: values.roles,
    ...(planId !== undefined && plan !== planId && { priceplan_id: plan }),
    manager_id: values.manager_id === '' ? null : Number(values.manager_id),
    eu_payee: values.eu_payee,
  };
}

/**
 * The shared body rules, checked on the body the form's values make (for useSchemaForm). They load with the first
 * check: the dialog's page does not need zod until the form is used.
 */
export const userFormSchema: FormSchema = {
  '~standard': {
    validate: async (values: unknown) => {
      const { updateAdminUserBodySchema } = await import('../../../lib/contracts');
      return updateAdminUserBodySchema['~standard'].validate(userBody(1, values as UserFormValues));
    },
  },
};
