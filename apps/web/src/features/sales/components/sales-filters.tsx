import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/session';
import { managersQueryOptions, pricePlansQueryOptions } from '../../../lib/staff-choices';

/**
 * The manager and price plan choices of the report filters; the manager list only for who sees everyone (or
 * `everyManager`: the clients report, which lists every client).
 */
export function useSalesFilterOptions({ everyManager = false } = {}) {
  const seesAll = useCan('sales-report.all-managers');
  const managers = useQuery({ ...managersQueryOptions(), enabled: everyManager || seesAll });
  const plans = useQuery(pricePlansQueryOptions());
  return {
    seesAll,
    managerOptions: (managers.data?.data ?? []).map((manager) => ({
      value: String(manager.id),
      label: manager.nickname,
    })),
    planOptions: (plans.data?.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name })),
  };
}

/** How each report filter picker reads: its label, its "all" placeholder, and its width. */
const PICKERS = {
  manager: { label: 'filters.manager', placeholder: 'filters.allManagers', searchable: true, width: 220 },
  plan: { label: 'filters.plan', placeholder: 'filters.allPlans', searchable: false, width: 180 },
} as const;

/** A report filter's picker of a manager or a price plan (empty: every one). */
export function SalesFilter({
  kind,
  options,
  value,
  onChange,
  testId,
}: {
  kind: keyof typeof PICKERS;
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation('sales');
  const picker = PICKERS[kind];
  return (
    <Select
      label={t(picker.label)}
      placeholder={t(picker.placeholder)}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      searchable={picker.searchable}
      w={picker.width}
      data-testid={testId}
    />
  );
}
