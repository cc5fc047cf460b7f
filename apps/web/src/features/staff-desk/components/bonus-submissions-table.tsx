import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import {
  BONUS_PROGRAM_TYPES,
  BONUS_SUBMISSION_STATUSES,
  type AdminBonusSubmission,
  type BonusProgramType,
  type BonusSubmissionStatus,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { bonusSubmissionsQueryOptions, useBonusDecision } from '../api/staff-desk';
import { CustomerCell, CustomerSearch, DeskHeader } from './desk-parts';
import { DecisionModal, type Decision } from './decision-modal';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<BonusSubmissionStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'gray',
};

/**
 * Bonus program submissions (staff): the publications customers sent, server-paged, pending first by default,
 * filtered by status, type and the customer; approving or rejecting needs `bonus-program.review`.
 */
export function BonusSubmissionsTable() {
  const { t } = useTranslation('staffdesk');
  const { t: tm } = useTranslation('money');
  const { permissions } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [status, setStatus] = useState<BonusSubmissionStatus | null>('pending');
  const [type, setType] = useState<BonusProgramType | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = useBonusDecision();
  const filters = {
    search: debouncedSearch || undefined,
    status: status ?? undefined,
    type: type ?? undefined,
  };
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    bonusSubmissionsQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const reviews = permissions.includes('bonus-program.review');
  const ask = (row: AdminBonusSubmission, action: 'approve' | 'reject') =>
    setDecision({
      id: row.id,
      action,
      title: t(`bonus.${action}Title`),
      text: t(`bonus.${action}Confirm`, { type: tm(`bonus.types.${row.type}`), email: row.user.email }),
      confirmLabel: t(`bonus.${action}`),
      color: action === 'reject' ? 'red' : undefined,
      withNote: true,
    });

  return (
    <Stack gap="lg">
      <DeskHeader title={t('bonus.title')} subtitle={t('bonus.subtitle')}>
        <CustomerSearch value={search} onChange={setSearch} />
        <Select
          label={t('common.status')}
          placeholder={t('common.allStatuses')}
          data={BONUS_SUBMISSION_STATUSES.map((value) => ({ value, label: tm(`bonus.status.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as BonusSubmissionStatus | null)}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="desk-status"
        />
        <Select
          label={t('bonus.type')}
          placeholder={t('bonus.allTypes')}
          data={BONUS_PROGRAM_TYPES.map((value) => ({ value, label: tm(`bonus.types.${value}`) }))}
          value={type}
          onChange={(value) => setType(value as BonusProgramType | null)}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      </DeskHeader>
      <ListError error={error} />
      <DataTable<AdminBonusSubmission>
        {...pagedProps}
        idAccessor="id"
        noRecordsIcon={<IconGift size={28} stroke={1.4} />}
        noRecordsText={debouncedSearch || status || type ? t('common.emptyFiltered') : t('common.empty')}
        data-testid="bonus-table"
        columns={[
          {
            accessor: 'user',
            title: t('common.customer'),
            render: (row) => <CustomerCell user={row.user} at={row.created_at} />,
          },
          {
            accessor: 'link',
            title: t('bonus.columns.link'),
            render: (row) => (
              <Stack gap={0} maw={360}>
                <Text size="sm" fw={500}>
                  {tm(`bonus.types.${row.type}`)}
                </Text>
                <Anchor
                  href={row.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  size="sm"
                  truncate="end"
                >
                  {row.link}
                </Anchor>
                {row.comment && (
                  <Text size="xs" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                    {row.comment}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: t('common.status'),
            render: (row) => (
              <Stack gap={2}>
                <Badge
                  variant="light"
                  color={STATUS_COLOR[row.status]}
                  data-testid={`bonus-status-${row.id}`}
                >
                  {tm(`bonus.status.${row.status}`)}
                </Badge>
                {row.reward && (
                  <Text size="xs" c="dimmed">
                    {t('bonus.columns.reward')}: {formatMoney(row.reward)}
                  </Text>
                )}
                {row.note && (
                  <Text size="xs" c="dimmed" maw={220} style={{ wordBreak: 'break-word' }}>
                    {row.note}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'actions',
            title: t('common.actions'),
            textAlign: 'right',
            render: (row) =>
              reviews &&
              row.status === 'pending' && (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    onClick={() => ask(row, 'approve')}
                    data-testid={`bonus-approve-${row.id}`}
                  >
                    {t('bonus.approve')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => ask(row, 'reject')}
                    data-testid={`bonus-reject-${row.id}`}
                  >
                    {t('bonus.reject')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <DecisionModal
        decision={decision}
        run={(change) => decide.mutateAsync(change)}
        pending={decide.isPending}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
