import { useState } from 'react';
import { Badge, Button, Group, Modal, Table, Text, Title } from '@mantine/core';
import type { FailedJob, QueueStats } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { StaffList, useServerList } from '../../../components/staff-list';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { FAILED_JOBS_PAGE, failedJobsQueryOptions, queuesQueryOptions, useRetryJob } from '../api/operations';

/** The job queues: waiting, active and failed per queue; a queue's failed jobs open with a retry each. */
export function QueuesTable() {
  const { t } = useTranslation('operations');
  const { data, error } = useQuery(queuesQueryOptions());
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="queues-title">
      <Title order={2} fz="lg" mb="sm" id="queues-title">
        {t('queues.title')}
      </Title>
      <ListError error={error} />
      {/* Narrow spacing and names that may break anywhere keep the four columns within a 390 px phone. */}
      <Table withTableBorder striped highlightOnHover horizontalSpacing="xs" data-testid="queues-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('queues.queue')}</Table.Th>
            <Table.Th ta="right">{t('queues.waiting')}</Table.Th>
            <Table.Th ta="right">{t('queues.active')}</Table.Th>
            <Table.Th ta="right">{t('queues.failed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(data?.data ?? []).map((queue: QueueStats) => (
            <Table.Tr key={queue.queue}>
              <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {queue.queue}
              </Table.Td>
              <Table.Td ta="right">{queue.waiting}</Table.Td>
              <Table.Td ta="right">{queue.active}</Table.Td>
              <Table.Td ta="right">
                {queue.failed > 0 ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => setOpen(queue.queue)}
                    aria-label={t('queues.showFailed', { queue: queue.queue, count: queue.failed })}
                  >
                    {queue.failed}
                  </Button>
                ) : (
                  0
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={t('queues.failedTitle', { queue: open ?? '' })}
        size="xl"
        centered
      >
        {open && <FailedJobs queue={open} />}
      </Modal>
    </section>
  );
}

function FailedJobs({ queue }: { queue: string }) {
  const { t } = useTranslation('operations');
  const list = useServerList({
    filters: { queue },
    queryOptions: ({ page }) => failedJobsQueryOptions(queue, page),
    perPage: FAILED_JOBS_PAGE,
    emptyHeight: 160,
  });
  const retry = useRetryJob();
  const retryJob = async (job: FailedJob) => {
    try {
      notifySuccess(translateMessage((await retry.mutateAsync({ queue, id: job.id })).message));
    } catch (failure) {
      showApiError(failure);
    }
  };
  return (
    <StaffList<FailedJob>
      list={list}
      empty={t('queues.noFailed')}
      columns={[
        {
          accessor: 'failed_at',
          title: t('queues.failedAt'),
          noWrap: true,
          render: (job) => formatDateTime(job.failed_at ?? job.created_at),
        },
        { accessor: 'retry_count', title: t('queues.attempts'), textAlign: 'right' },
        {
          accessor: 'error',
          title: t('queues.error'),
          render: (job) => (
            <Text size="sm" ff="monospace" lineClamp={3}>
              {job.error ?? '—'}
            </Text>
          ),
        },
      ]}
      rowActions={{
        render: (job) => (
          <PermissionGate permission="operations.retry-jobs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void retryJob(job)}
              loading={retry.isPending}
            >
              {t('queues.retry')}
            </Button>
          </PermissionGate>
        ),
      }}
    >
      <Group>
        <Badge variant="light" color="gray" tt="none">
          {t('queues.retryHint')}
        </Badge>
      </Group>
    </StaffList>
  );
}
