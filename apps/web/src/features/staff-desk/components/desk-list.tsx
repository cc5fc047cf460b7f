import { useState, type ReactNode } from 'react';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { StaffList, useServerList } from '../../../components/staff-list';
import { DecisionModal, type Decision, type DecisionChange } from './decision-modal';

/** What a staff desk list asks the server for: the page's own filters, the customer search and the page. */
export type DeskListQuery<F> = F & { search?: string; page: number; limit: number };

/** One page of a staff desk list as the API answers it. */
interface PageResult<T> {
  data: T[];
  meta: { total: number };
}

/**
 * A staff desk list (payouts, bonus submissions, contact messages) on the staff list scaffold: the customer
 * search beside the page's own filters, and the decision asked before it runs. The page keeps only what is
 * its own: its filters, its columns and how a row's decision reads.
 */
export function DeskList<
  R extends PageResult<{ id: number }>,
  F extends Record<string, string | undefined>,
  K extends QueryKey,
>({
  title,
  subtitle,
  filters,
  filterFields,
  queryOptions,
  decide,
  icon,
  testId,
  columns,
  actions,
}: {
  title: string;
  subtitle: string;
  /** The page's own filters, undefined where cleared; any change starts again from page 1. */
  filters: F;
  /** The inputs of those filters, shown after the search. */
  filterFields: ReactNode;
  queryOptions: (query: DeskListQuery<F>) => UseQueryOptions<R, Error, R, K>;
  /** The page's decision mutation (`PUT …/{id}/{action}`). */
  decide: { mutateAsync: (change: DecisionChange) => Promise<{ message: string }>; isPending: boolean };
  icon: ReactNode;
  testId: string;
  /** The page's own columns, after the customer's. */
  columns: DataTableColumn<R['data'][number]>[];
  /** A row's decision buttons; `ask` opens the confirmation of one. */
  actions: (row: R['data'][number], ask: (decision: Decision) => void) => ReactNode;
}) {
  const { t } = useTranslation('staffdesk');
  const [decision, setDecision] = useState<Decision | null>(null);
  const list = useServerList({ search: true, filters, queryOptions });

  return (
    <StaffList<R['data'][number]>
      title={title}
      subtitle={subtitle}
      search={{
        label: t('common.search'),
        placeholder: t('common.searchPlaceholder'),
        w: { base: '100%', xs: 260 },
        testId: 'desk-search',
      }}
      filters={<>{filterFields}</>}
      list={list}
      emptyIcon={icon}
      empty={t('common.empty')}
      emptyFiltered={t('common.emptyFiltered')}
      testId={testId}
      columns={columns}
      rowActions={{ title: t('common.actions'), render: (row) => actions(row, setDecision) }}
    >
      <DecisionModal
        decision={decision}
        run={(change) => decide.mutateAsync(change)}
        pending={decide.isPending}
        onClose={() => setDecision(null)}
      />
    </StaffList>
  );
}
