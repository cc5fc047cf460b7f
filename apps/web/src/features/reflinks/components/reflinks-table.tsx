import { useState } from 'react';
import { Group, Text } from '@mantine/core';
import type { Reflink } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { CopyValue } from '../../../components/copy-value';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { useCan } from '../../../lib/session';
import { reflinksQueryOptions, useDeleteReflink, type ReflinksQuery } from '../api/reflinks';
import { ReflinkModal } from './reflink-modal';

const SORTS: readonly ReflinksQuery['orderBy'][] = ['created_at', 'name', 'code', 'registrations', 'revenue'];

/**
 * Reflinks (staff-admin §2): name, code, category, bonus, e-mail and creation date with each one's
 * registrations, paying users and revenue; the admin creates, edits and deletes them.
 */
export function ReflinksTable() {
  const { t } = useTranslation('staffmoney');
  const [editing, setEditing] = useState<{ reflink?: Reflink } | null>(null);
  const manage = useCan('reflinks.manage');
  const remove = useDeleteReflink();
  const deleting = useConfirmRow(remove, (reflink: Reflink) => ({
    title: t('reflinks.deleteTitle', { name: reflink.name }),
    text: t('reflinks.deleteText'),
    confirmLabel: t('reflinks.delete'),
  }));
  const list = useServerList({
    search: true,
    filters: {},
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: reflinksQueryOptions,
  });
  const signupLink = (code: string) => `${window.location.origin}/signup?ref=${encodeURIComponent(code)}`;

  return (
    <StaffList<Reflink>
      title={t('reflinks.title')}
      subtitle={t('reflinks.subtitle')}
      create={
        manage && { label: t('reflinks.create'), onClick: () => setEditing({}), testId: 'reflink-create' }
      }
      search={{ placeholder: t('reflinks.searchPlaceholder') }}
      list={list}
      empty={t('reflinks.empty')}
      columns={[
        { accessor: 'name', title: t('reflinks.columns.name'), sortable: true },
        {
          accessor: 'code',
          title: t('reflinks.columns.code'),
          sortable: true,
          render: (reflink) => (
            <Group gap={2} wrap="nowrap">
              <Text size="sm" ff="monospace">
                {reflink.code}
              </Text>
              <CopyValue value={signupLink(reflink.code)} label={t('reflinks.copyLink')} />
            </Group>
          ),
        },
        { accessor: 'category', title: t('reflinks.columns.category') },
        moneyColumn('bonus', t('reflinks.columns.bonus')),
        {
          accessor: 'email',
          title: t('reflinks.columns.email'),
          render: (reflink) => reflink.email ?? '—',
        },
        {
          accessor: 'registrations',
          title: t('reflinks.columns.registrations'),
          sortable: true,
          textAlign: 'right',
        },
        { accessor: 'paying_users', title: t('reflinks.columns.payingUsers'), textAlign: 'right' },
        moneyColumn('revenue', t('reflinks.columns.revenue'), { sortable: true }),
        dateColumn('created_at', t('reflinks.columns.created'), { sortable: true }),
      ]}
      rowActions={{
        label: t('reflinks.actions'),
        render: (reflink) =>
          manage ? (
            <RowMenu
              label={t('reflinks.menu', { name: reflink.name })}
              items={[
                { label: t('reflinks.edit'), onClick: () => setEditing({ reflink }) },
                { label: t('reflinks.delete'), danger: true, onClick: () => deleting.ask(reflink) },
              ]}
            />
          ) : null,
      }}
    >
      <ReflinkModal opened={editing !== null} reflink={editing?.reflink} onClose={() => setEditing(null)} />
      {deleting.dialog}
    </StaffList>
  );
}
