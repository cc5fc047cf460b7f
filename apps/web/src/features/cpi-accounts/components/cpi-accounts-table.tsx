import { useState } from 'react';
import { Switch, Text } from '@mantine/core';
import type { CpiAccount } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { useCan } from '../../../lib/session';
import {
  cpiAccountsQueryOptions,
  useDeactivateCpiAccount,
  useDeleteCpiAccount,
  type CpiAccountsQuery,
} from '../api/cpi-accounts';
import { CpiAccountModal } from './cpi-account-modal';

const SORTS: readonly CpiAccountsQuery['orderBy'][] = ['created_at', 'name', 'id_key', 'daily_limit'];
type Confirm = { kind: 'deactivate' | 'delete'; account: CpiAccount };

/**
 * CPI accounts (staff-admin §2): the advertising accounts CPI campaigns run on, with the daily budgets in use
 * against each daily limit; the admin creates, edits, deactivates and deletes them.
 */
export function CpiAccountsTable() {
  const { t } = useTranslation('staffmoney');
  const [activeOnly, setActiveOnly] = useState(false);
  const [editing, setEditing] = useState<{ account?: CpiAccount } | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const manage = useCan('cpi-accounts.manage');
  const deactivate = useDeactivateCpiAccount();
  const remove = useDeleteCpiAccount();
  const list = useServerList({
    search: true,
    filters: { active: activeOnly ? ('1' as const) : undefined },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: cpiAccountsQueryOptions,
  });

  return (
    <StaffList<CpiAccount>
      title={t('cpiAccounts.title')}
      subtitle={t('cpiAccounts.subtitle')}
      create={
        manage && {
          label: t('cpiAccounts.create'),
          onClick: () => setEditing({}),
          testId: 'cpi-account-create',
        }
      }
      search={{ placeholder: t('cpiAccounts.searchPlaceholder') }}
      filters={
        <>
          <Switch
            label={t('cpiAccounts.activeOnly')}
            checked={activeOnly}
            onChange={(event) => setActiveOnly(event.currentTarget.checked)}
            mb={8}
          />
        </>
      }
      list={list}
      empty={t('cpiAccounts.empty')}
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
        moneyColumn('daily_limit', t('cpiAccounts.columns.dailyLimit'), { sortable: true }),
        moneyColumn('daily_used', t('cpiAccounts.columns.dailyUsed')),
        {
          accessor: 'is_active',
          title: t('cpiAccounts.columns.active'),
          render: (account) => (
            <Text size="sm" fs={account.is_active ? undefined : 'italic'}>
              {account.is_active ? t('cpiAccounts.active') : t('cpiAccounts.deactivated')}
            </Text>
          ),
        },
        dateColumn('created_at', t('cpiAccounts.columns.created'), { sortable: true }),
      ]}
      rowActions={{
        label: t('cpiAccounts.actions'),
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
      }}
    >
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
    </StaffList>
  );
}
