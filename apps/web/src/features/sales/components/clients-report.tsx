import { useState } from 'react';
import type { ClientsReportQuery, ClientsReportRow } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { ExportButton } from '../../../components/export-button';
import { dateColumn, moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { UserDetailsLink } from '../../../components/user-details-link';
import { countryName } from '../../../lib/format';
import { SalesFilter, useSalesFilterOptions } from './sales-filters';
import { clientsReportQueryOptions, exportClientsReport } from '../api/sales';

/** The clients report (staff-admin §3): every client with country, manager, plan, payments and spending. */
export function ClientsReport() {
  const { t, i18n } = useTranslation('sales');
  const [country, setCountry] = useState('');
  const [manager, setManager] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const { managerOptions, planOptions } = useSalesFilterOptions({ everyManager: true });
  const list = useServerList({
    filters: {
      ...(country && { country }),
      manager_id: manager ? Number(manager) : 0,
      priceplan_id: plan ? Number(plan) : 0,
    } satisfies ClientsReportQuery,
    queryOptions: clientsReportQueryOptions,
  });

  return (
    <StaffList<ClientsReportRow>
      title={t('report.title')}
      subtitle={t('report.subtitle')}
      filters={
        <>
          <CountrySelect
            label={t('columns.country')}
            placeholder={t('filters.allCountries')}
            value={country}
            onChange={setCountry}
            clearable
            w={220}
          />
          <SalesFilter kind="manager" options={managerOptions} value={manager} onChange={setManager} />
          <SalesFilter kind="plan" options={planOptions} value={plan} onChange={setPlan} />
          <ExportButton run={() => exportClientsReport(list.query)} label={t('export')} ml="auto" />
        </>
      }
      list={list}
      empty={t('report.empty')}
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
        dateColumn('created_at', t('columns.registered')),
        moneyColumn('total_payments', t('columns.payments')),
        moneyColumn('total_spent', t('columns.spending')),
      ]}
    />
  );
}
