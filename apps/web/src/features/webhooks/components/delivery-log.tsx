import { Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { WebhookDelivery, WebhookEndpoint } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { webhookDeliveriesQueryOptions, useSendWebhook } from '../api/webhooks';

const PAGE_SIZE = 10;
const STATUS_COLORS = { pending: 'yellow', succeeded: 'green', failed: 'red' } as const;

/** An endpoint's deliveries, newest first: each one's state, its attempts (status, latency, error) and a redelivery. */
export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = usePageOf(endpoint.id);
  const query = useQuery(webhookDeliveriesQueryOptions(endpoint.id, page, PAGE_SIZE));
  const send = useSendWebhook();
  const pagedProps = usePagedTableProps(query, {
    page,
    onPageChange: setPage,
    perPage: PAGE_SIZE,
    emptyHeight: 160,
  });
  return (
    <Stack gap="sm" data-testid="webhook-log">
      <Title order={3} fz="md">
        {t('log.title', { url: endpoint.url })}
      </Title>
      <ListError error={query.error} onRetry={() => void query.refetch()} />
      <DataTable<WebhookDelivery>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('log.empty')}
        rowExpansion={{
          allowMultiple: true,
          content: ({ record }) => <Attempts delivery={record} />,
        }}
        columns={[
          {
            accessor: 'created_at',
            title: t('log.columns.created'),
            noWrap: true,
            render: (delivery) => formatDateTime(delivery.created_at),
          },
          {
            accessor: 'type',
            title: t('log.columns.event'),
            render: (delivery) => <Code>{delivery.type}</Code>,
          },
          {
            accessor: 'status',
            title: t('log.columns.status'),
            render: (delivery) => (
              <Badge color={STATUS_COLORS[delivery.status]} variant="light">
                {t(`log.status.${delivery.status}`)}
              </Badge>
            ),
          },
          { accessor: 'attempts', title: t('log.columns.attempts'), textAlign: 'right' },
          {
            accessor: 'last',
            title: t('log.columns.last'),
            render: (delivery) => {
              const last = delivery.log.at(-1);
              if (!last) return '—';
              return `${last.status_code ?? t('log.noAnswer')} · ${t('log.latency', { ms: last.latency_ms })}`;
            },
          },
          {
            accessor: 'actions',
            title: t('log.columns.actions'),
            textAlign: 'right',
            render: (delivery) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRefresh size={14} />}
                loading={send.isPending && send.variables.deliveryId === delivery.id}
                onClick={(event) => {
                  event.stopPropagation();
                  send.mutate({ id: endpoint.id, deliveryId: delivery.id }, { onError: showApiError });
                }}
              >
                {t('log.redeliver')}
              </Button>
            ),
          },
        ]}
      />
    </Stack>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  if (!delivery.log.length)
    return (
      <Text size="sm" c="dimmed" p="sm">
        {t('log.noAttempts')}
      </Text>
    );
  return (
    <Table withRowBorders={false} fz="sm" m="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('log.attempt.at')}</Table.Th>
          <Table.Th>{t('log.attempt.status')}</Table.Th>
          <Table.Th>{t('log.attempt.latency')}</Table.Th>
          <Table.Th>{t('log.attempt.error')}</Table.Th>
          <Table.Th>{t('log.attempt.answer')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {delivery.log.map((attempt) => (
          <Table.Tr key={attempt.at}>
            <Table.Td>{formatDateTime(attempt.at)}</Table.Td>
            <Table.Td>{attempt.status_code ?? t('log.noAnswer')}</Table.Td>
            <Table.Td>{t('log.latency', { ms: attempt.latency_ms })}</Table.Td>
            <Table.Td>{attempt.error ?? '—'}</Table.Td>
            <Table.Td>
              <Group gap={0} maw={320}>
                <Text size="xs" ff="monospace" truncate="end">
                  {attempt.response_excerpt ?? '—'}
                </Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
