import { useState } from 'react';
import { Button, Group, Stack, Switch, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { CpiAccount } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import {
  cpiAccountsQueryOptions,
  useDeactivateCpiAccount,
  useDeleteCpiAccount,
  type CpiAccountsQuery,
} from '../api/cpi-accounts';
import { CpiAccountModal } from './cpi-account-modal';

const PAGE_SIZE = 10;
const SORTS: readonly CpiAccountsQuery['orderBy'][] = ['created_at', 'name', 'id_key', 'daily_limit'];
type Confirm = { kind: 'deactivate' | 'delete'; account: CpiAccount };

/**
 * CPI accounts (staff-admin §2): the advertising accounts CPI campaigns run on, with the daily budgets in use
 * against each daily limit; the admin creates, edits, deactivates and deletes them.
 */
export function CpiAccountsTable() {
  const { t } = useTranslation('staffmoney');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [activeOnly, setActiveOnly] = useState(false);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<CpiAccount>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const [editing, setEditing] = useState<{ account?: CpiAccount } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const manage = useCan('cpi-accounts.manage');
  const deactivate = useDeactivateCpiAccount();
  const remove = useDeleteCpiAccount();

  const filters = {
    search: debouncedSearch || undefined,
    active: activeOnly ? ('1' as const) : undefined,
    orderBy: SORTS.includes(sortStatus.columnAccessor as CpiAccountsQuery['orderBy'])
      ? (sortStatus.columnAccessor as CpiAccountsQuery['orderBy'])
      : 'created_at',
    sortBy: sortStatus.direction,
  } satisfies Omit<CpiAccountsQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    cpiAccountsQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('cpiAccounts.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('cpiAccounts.subtitle')}
          </Text>
        </div>
        {manage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({})}
            data-testid="cpi-account-create"
          >
            {t('cpiAccounts.create')}
          </Button>
        )}
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={tr('common.search')}
          placeholder={t('cpiAccounts.searchPlaceholder')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Switch
          label={t('cpiAccounts.activeOnly')}
          checked={activeOnly}
          onChange={(event) => setActiveOnly(event.currentTarget.checked)}
          mb={8}
        />
      </Group>

      <ListError error={error} />

      <DataTable<CpiAccount>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsText={t('cpiAccounts.empty')}
        columns={[
          {
            accessor: 'id_key',
            title: t('cpiAccounts.columns.idKey'),
            sortable: true,
            render: (account) => (
              <Text size="sm" ff="monospace">
                {account.id_key}
              </Text>
            ),
          },
          { accessor: 'name', title: t('cpiAccounts.columns.name'), sortable: true },
          { accessor: 'network', title: t('cpiAccounts.columns.network') },
          { accessor: 'currency', title: t('cpiAccounts.columns.currency') },
          {
            accessor: 'daily_limit',
            title: t('cpiAccounts.columns.dailyLimit'),
            sortable: true,
            textAlign: 'right',
            render: (account) => formatMoney(account.daily_limit),
          },
          {
            accessor: 'daily_used',
            title: t('cpiAccounts.columns.dailyUsed'),
            textAlign: 'right',
            render: (account) => formatMoney(account.daily_used),
          },
          {
            accessor: 'is_active',
            title: t('cpiAccounts.columns.active'),
            render: (account) => (
              <Text size="sm" fs={account.is_active ? undefined : 'italic'}>
                {account.is_active ? t('cpiAccounts.active') : t('cpiAccounts.deactivated')}
              </Text>
            ),
          },
          {
            accessor: 'created_at',
            title: t('cpiAccounts.columns.created'),
            sortable: true,
            noWrap: true,
            render: (account) => formatDate(account.created_at),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('cpiAccounts.actions')}</VisuallyHidden>,
            textAlign: 'right',
            render: (account) =>
              manage ? (
                <RowMenu
                  label={t('cpiAccounts.menu', { name: account.name })}
                  testId={`cpi-account-menu-${account.id}`}
                  items={[
                    { label: t('cpiAccounts.edit'), onClick: () => setEditing({ account }) },
                    ...(account.is_active
                      ? [
                          {
                            label: t('cpiAccounts.deactivate'),
                            onClick: () => setConfirm({ kind: 'deactivate' as const, account }),
                          },
                        ]
                      : []),
                    {
                      label: t('cpiAccounts.delete'),
                      danger: true,
                      onClick: () => setConfirm({ kind: 'delete', account }),
                    },
                  ]}
                />
              ) : null,
          },
        ]}
      />

      <CpiAccountModal
        opened={editing !== null}
        account={editing?.account}
        onClose={() => setEditing(null)}
      />
      <ConfirmRowAction
        target={confirm}
        title={confirm ? t(`cpiAccounts.confirm.${confirm.kind}.title`, { name: confirm.account.name }) : ''}
        text={confirm ? t(`cpiAccounts.confirm.${confirm.kind}.text`) : ''}
        confirmLabel={confirm ? t(`cpiAccounts.confirm.${confirm.kind}.action`) : ''}
        run={({ kind, account }) => (kind === 'deactivate' ? deactivate : remove).mutateAsync(account.id)}
        pending={deactivate.isPending || remove.isPending}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
