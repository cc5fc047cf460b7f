import { useState } from 'react';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import type { ClientsReportQuery, ClientsReportRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { ExportButton } from '../../../components/export-button';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { UserDetailsLink } from '../../../components/user-details-link';
import { countryName, formatDate, formatMoney } from '../../../lib/format';
import { ManagerFilter, useSalesFilterOptions } from './sales-filters';
import { clientsReportQueryOptions, exportClientsReport } from '../api/sales';

const PAGE_SIZE = 10;

/** The clients report (staff-admin §3): every client with country, manager, plan, payments and spending. */
export function ClientsReport() {
  const { t, i18n } = useTranslation('sales');
  const [country, setCountry] = useState('');
  const [manager, setManager] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const { managerOptions, planOptions } = useSalesFilterOptions({ everyManager: true });
  const filters = {
    ...(country && { country }),
    manager_id: manager ? Number(manager) : 0,
    priceplan_id: plan ? Number(plan) : 0,
  } satisfies ClientsReportQuery;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    clientsReportQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('report.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('report.subtitle')}
        </Text>
      </div>
      <Group gap="md" align="flex-end" wrap="wrap">
        <CountrySelect
          label={t('columns.country')}
          placeholder={t('filters.allCountries')}
          value={country}
          onChange={setCountry}
          clearable
          w={220}
        />
        <ManagerFilter options={managerOptions} value={manager} onChange={setManager} />
        <Select
          label={t('filters.plan')}
          placeholder={t('filters.allPlans')}
          data={planOptions}
          value={plan}
          onChange={setPlan}
          clearable
          w={180}
        />
        <ExportButton run={() => exportClientsReport(filters)} label={t('export')} ml="auto" />
      </Group>
      <ListError error={error} />
      <DataTable<ClientsReportRow>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('report.empty')}
        columns={[
          { accessor: 'id', title: t('columns.id') },
          { accessor: 'email', title: t('columns.client'), render: (row) => <UserDetailsLink user={row} /> },
          {
            accessor: 'country',
            title: t('columns.country'),
            render: (row) => countryName(row.country, i18n.language),
          },
          { accessor: 'manager', title: t('columns.manager'), render: (row) => row.manager?.nickname ?? '—' },
          { accessor: 'priceplan', title: t('columns.plan') },
          {
            accessor: 'created_at',
            title: t('columns.registered'),
            noWrap: true,
            render: (row) => formatDate(row.created_at),
          },
          {
            accessor: 'total_payments',
            title: t('columns.payments'),
            textAlign: 'right',
            render: (row) => formatMoney(row.total_payments),
          },
          {
            accessor: 'total_spent',
            title: t('columns.spending'),
            textAlign: 'right',
            render: (row) => formatMoney(row.total_spent),
          },
        ]}
      />
    </Stack>
  );
}
