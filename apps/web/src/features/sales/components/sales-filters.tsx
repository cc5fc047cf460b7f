import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/session';
import { managersQueryOptions, pricePlansQueryOptions } from '../../admin-users/api/admin-users';

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

/** The report filters' manager picker (empty: every manager). */
export function ManagerFilter({
  options,
  value,
  onChange,
  testId,
}: {
  options: { value: string; label: string }[];
  value: string | null;
  onChange: (value: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation('sales');
  return (
    <Select
      label={t('filters.manager')}
      placeholder={t('filters.allManagers')}
      data={options}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={220}
      data-testid={testId}
    />
  );
}
