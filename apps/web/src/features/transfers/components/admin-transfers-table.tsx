import { useState } from 'react';
import { Badge, Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TRANSFER_STATUSES, type AdminTransfer, type TransferStatus } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ListError, usePageOf, usePagedTableProps } from '../../../components/paged-table';
import '../../../lib/transfer-messages';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { TRANSFERS_PAGE_SIZE, adminTransfersQueryOptions, useReverseTransfer } from '../api/transfers';

const party = (user: AdminTransfer['sender']) => (
  <div>
    <Text size="sm">{user.email}</Text>
    <Text size="xs" c="dimmed">
      #{user.id} {user.nickname}
    </Text>
  </div>
);

/**
 * Transfers between accounts on the user payments page (staff): every one, or one user's sent and received;
 * those with the capability reverse one with a reason while the receiver's main balance covers it.
 */
export function AdminTransfersTable() {
  const { t } = useTranslation('staffmoney');
  const canReverse = useCan('transfers.reverse');
  const [userId, setUserId] = useState('');
  const [status, setStatus] = useState<TransferStatus | null>(null);
  const filters = { user_id: /^\d+$/.test(userId) ? Number(userId) : undefined, status: status ?? undefined };
  const [page, setPage] = usePageOf(filters);
  const query = useQuery(adminTransfersQueryOptions({ page, ...filters }));
  const table = usePagedTableProps(query, {
    page,
    onPageChange: setPage,
    perPage: TRANSFERS_PAGE_SIZE,
    emptyHeight: 180,
  });
  const [reversing, setReversing] = useState<AdminTransfer | null>(null);

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput
          label={t('transfers.userId')}
          inputMode="numeric"
          value={userId}
          onChange={(event) => setUserId(event.currentTarget.value.trim())}
          maw={160}
          data-testid="transfers-user-filter"
        />
        <Select
          label={t('transfers.statusFilter')}
          placeholder={t('transfers.allStatuses')}
          data={TRANSFER_STATUSES.map((value) => ({ value, label: t(`transfers.status.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as TransferStatus | null)}
          clearable
          maw={200}
        />
      </Group>
      {query.error ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<AdminTransfer>
          {...table}
          aria-label={t('transfers.title')}
          data-testid="admin-transfers"
          noRecordsText={t('transfers.empty')}
          columns={[
            { accessor: 'id', title: '#', width: 70 },
            {
              accessor: 'created_at',
              title: t('transfers.columns.date'),
              noWrap: true,
              render: (row) => formatDateTime(row.created_at),
            },
            { accessor: 'sender', title: t('transfers.columns.sender'), render: (row) => party(row.sender) },
            {
              accessor: 'receiver',
              title: t('transfers.columns.receiver'),
              render: (row) => party(row.receiver),
            },
            {
              accessor: 'amount',
              title: t('transfers.columns.amount'),
              textAlign: 'right',
              noWrap: true,
              render: (row) => formatMoney(row.amount),
            },
            {
              accessor: 'status',
              title: t('transfers.columns.status'),
              render: (row) => (
                <Stack gap={2}>
                  <Badge color={row.status === 'reversed' ? 'gray' : 'teal'} variant="light">
                    {t(`transfers.status.${row.status}`)}
                  </Badge>
                  {row.reversed_by && (
                    <Text size="xs" c="dimmed">
                      {t('transfers.reversedBy', {
                        email: row.reversed_by.email,
                        date: formatDateTime(row.reversed_at),
                      })}
                      {row.reverse_reason ? `: ${row.reverse_reason}` : ''}
                    </Text>
                  )}
                </Stack>
              ),
            },
            { accessor: 'description', title: t('transfers.columns.description') },
            ...(canReverse
              ? [
                  {
                    accessor: 'actions',
                    title: t('transfers.columns.actions'),
                    render: (row: AdminTransfer) =>
                      row.status === 'completed' ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          onClick={() => setReversing(row)}
                        >
                          {t('transfers.reverse')}
                        </Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      )}
      <ReverseModal transfer={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}

function ReverseModal({ transfer, onClose }: { transfer: AdminTransfer | null; onClose: () => void }) {
  const { t } = useTranslation('staffmoney');
  const { t: ta } = useTranslation('app');
  const [reason, setReason] = useState('');
  const reverse = useReverseTransfer();
  const close = () => {
    setReason('');
    onClose();
  };
  const confirm = async () => {
    if (!transfer) return;
    try {
      const answer = await reverse.mutateAsync({ id: transfer.id, reason });
      notifySuccess(translateMessage(answer.message));
      close();
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <Modal
      opened={transfer !== null}
      onClose={close}
      title={t('transfers.reverseTitle', { id: transfer?.id ?? '' })}
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
    >
      {transfer && (
        <Stack gap="sm">
          <Text size="sm">
            {t('transfers.reverseText', {
              amount: formatMoney(transfer.amount),
              receiver: transfer.receiver.email,
              sender: transfer.sender.email,
            })}
          </Text>
          <Textarea
            label={t('transfers.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {ta('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={reverse.isPending}
              onClick={() => void confirm()}
              data-testid="transfer-reverse-confirm"
            >
              {t('transfers.reverse')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
