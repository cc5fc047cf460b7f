import { useState } from 'react';
import { Button, Select, VisuallyHidden } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import {
  SALES_STATUSES,
  type SalesClient,
  type SalesClientsQuery,
  type SalesStatus,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { showApiError } from '../../../components/error-modal';
import { dateColumn, moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { UserDetailsLink } from '../../../components/user-details-link';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { exportSalesClients, salesClientsQueryOptions, useChangeSales } from '../api/sales';
import { ClientNotesModal } from './client-notes-modal';
import { SalesFilter, useSalesFilterOptions } from './sales-filters';

/** My clients: the signed-in manager's clients (any manager's for who sees all), status and note per client. */
export function MyClientsTab() {
  const { t } = useTranslation('sales');
  const { seesAll, managerOptions, planOptions } = useSalesFilterOptions();
  const [manager, setManager] = useState<string | null>(null);
  const [plan, setPlan] = useState<string | null>(null);
  const [status, setStatus] = useState<SalesStatus | null>(null);
  const [notes, setNotes] = useState<SalesClient | null>(null);
  const change = useChangeSales();
  const list = useServerList({
    filters: {
      manager_id: manager ? Number(manager) : 0,
      priceplan_id: plan ? Number(plan) : 0,
      ...(status && { status }),
    } satisfies SalesClientsQuery,
    queryOptions: salesClientsQueryOptions,
  });
  const statusOptions = SALES_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }));
  const setClientStatus = (client: SalesClient, next: SalesStatus) =>
    change.mutate(
      { user_id: client.id, status: next },
      { onSuccess: (answer) => notifySuccess(translateMessage(answer.message)), onError: showApiError },
    );

  return (
    <StaffList<SalesClient>
      filters={
        <>
          {seesAll && (
            <SalesFilter
              kind="manager"
              options={managerOptions}
              value={manager}
              onChange={setManager}
              testId="sales-manager-filter"
            />
          )}
          <SalesFilter kind="plan" options={planOptions} value={plan} onChange={setPlan} />
          <Select
            label={t('filters.status')}
            placeholder={t('filters.allStatuses')}
            data={statusOptions}
            value={status}
            onChange={(value) => setStatus(value as SalesStatus | null)}
            clearable
            w={180}
          />
          <ExportButton run={() => exportSalesClients(list.query)} label={t('export')} ml="auto" />
        </>
      }
      list={list}
      empty={t('clients.empty')}
      columns={[
        { accessor: 'id', title: t('columns.id') },
        {
          accessor: 'email',
          title: t('columns.client'),
          render: (client) => <UserDetailsLink user={client} />,
        },
        { accessor: 'priceplan', title: t('columns.plan') },
        ...(seesAll
          ? [
              {
                accessor: 'manager',
                title: t('columns.manager'),
                render: (client: SalesClient) => client.manager?.nickname ?? '—',
              },
            ]
          : []),
        moneyColumn('total_payments', t('columns.payments')),
        {
          accessor: 'status',
          title: t('columns.status'),
          render: (client) => (
            <Select
              aria-label={t('clients.statusOf', { name: client.nickname })}
              data={statusOptions}
              value={client.status}
              onChange={(value) =>
                value && value !== client.status && setClientStatus(client, value as SalesStatus)
              }
              allowDeselect={false}
              size="xs"
              w={150}
              data-testid={`sales-status-${client.id}`}
            />
          ),
        },
        {
          accessor: 'note',
          title: t('columns.note'),
          render: (client) => (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconNotes size={14} />}
              onClick={() => setNotes(client)}
              data-testid={`sales-notes-${client.id}`}
              maw={180}
            >
              {/* Named after the client; the visible text (the note's first line) stays part of the name. */}
              <VisuallyHidden>{t('clients.notesOf', { name: client.nickname })}: </VisuallyHidden>
              {client.note ? client.note.split('\n')[0] : t('clients.addNote')}
            </Button>
          ),
        },
        dateColumn('created_at', t('columns.registered')),
      ]}
    >
      <ClientNotesModal client={notes} onClose={() => setNotes(null)} />
    </StaffList>
  );
}
