import { useState } from 'react';
import { Badge, Button, Select, Spoiler, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail } from '@tabler/icons-react';
import {
  CONTACT_MESSAGE_STATUSES,
  type AdminContactMessage,
  type ContactMessageStatus,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { contactMessagesQueryOptions, useContactDecision } from '../api/staff-desk';
import { CustomerCell, CustomerSearch, DeskHeader } from './desk-parts';
import { DecisionModal, type Decision } from './decision-modal';

const PAGE_SIZE = 10;

/**
 * Contact messages (staff): what customers sent from Contacts, server-paged, new ones by default, filtered by
 * status and the customer; marking one handled (with a note) or reopening it is the page's own action.
 */
export function ContactMessagesTable() {
  const { t } = useTranslation('staffdesk');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [status, setStatus] = useState<ContactMessageStatus | null>('new');
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = useContactDecision();
  const filters = { search: debouncedSearch || undefined, status: status ?? undefined };
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    contactMessagesQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const ask = (row: AdminContactMessage) => {
    const action = row.status === 'new' ? 'handle' : 'reopen';
    setDecision({
      id: row.id,
      action,
      title: t(`contacts.${action}Title`),
      text: t(`contacts.${action}Confirm`, { subject: row.subject, email: row.user.email }),
      confirmLabel: t(`contacts.${action}`),
      withNote: action === 'handle',
    });
  };

  return (
    <Stack gap="lg">
      <DeskHeader title={t('contacts.title')} subtitle={t('contacts.subtitle')}>
        <CustomerSearch value={search} onChange={setSearch} />
        <Select
          label={t('common.status')}
          placeholder={t('common.allStatuses')}
          data={CONTACT_MESSAGE_STATUSES.map((value) => ({ value, label: t(`contacts.statuses.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as ContactMessageStatus | null)}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="desk-status"
        />
      </DeskHeader>
      <ListError error={error} />
      <DataTable<AdminContactMessage>
        {...pagedProps}
        idAccessor="id"
        noRecordsIcon={<IconMail size={28} stroke={1.4} />}
        noRecordsText={debouncedSearch || status ? t('common.emptyFiltered') : t('common.empty')}
        data-testid="contacts-table"
        columns={[
          {
            accessor: 'user',
            title: t('common.customer'),
            render: (row) => <CustomerCell user={row.user} at={row.created_at} />,
          },
          {
            accessor: 'message',
            title: t('contacts.columns.message'),
            render: (row) => (
              <Stack gap={2} maw={520}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {row.subject}
                </Text>
                <Spoiler maxHeight={60} showLabel={t('common.showMore')} hideLabel={t('common.showLess')}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                    {row.message}
                  </Text>
                </Spoiler>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: t('common.status'),
            render: (row) => (
              <Stack gap={2} maw={220}>
                <Badge
                  variant="light"
                  color={row.status === 'new' ? 'yellow' : 'teal'}
                  data-testid={`contact-status-${row.id}`}
                >
                  {t(`contacts.statuses.${row.status}`)}
                </Badge>
                {row.handled_at && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(row.handled_at)}
                  </Text>
                )}
                {row.note && (
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
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
            render: (row) => (
              <Button
                size="compact-sm"
                variant={row.status === 'new' ? 'filled' : 'default'}
                onClick={() => ask(row)}
                data-testid={`contact-${row.status === 'new' ? 'handle' : 'reopen'}-${row.id}`}
              >
                {t(row.status === 'new' ? 'contacts.handle' : 'contacts.reopen')}
              </Button>
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
