import { useState } from 'react';
import { Badge, Button, Spoiler, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import {
  CONTACT_MESSAGE_STATUSES,
  type AdminContactMessage,
  type ContactMessageStatus,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { contactMessagesQueryOptions, useContactDecision } from '../api/staff-desk';
import { StatusFilter, useCustomerColumn } from './desk-parts';
import { DeskList } from './desk-list';

/**
 * Contact messages (staff): what customers sent from Contacts, server-paged, new ones by default, filtered by
 * status and the customer; marking one handled (with a note) or reopening it is the page's own action.
 */
export function ContactMessagesTable() {
  const { t } = useTranslation('staffdesk');
  const [status, setStatus] = useState<ContactMessageStatus | null>('new');
  const decide = useContactDecision();
  const customerColumn = useCustomerColumn<AdminContactMessage>();

  return (
    <DeskList
      title={t('contacts.title')}
      subtitle={t('contacts.subtitle')}
      filters={{ status: status ?? undefined }}
      filterFields={
        <StatusFilter
          values={CONTACT_MESSAGE_STATUSES}
          labelOf={(value) => t(`contacts.statuses.${value}`)}
          value={status}
          onChange={setStatus}
        />
      }
      queryOptions={contactMessagesQueryOptions}
      decide={decide}
      icon={<IconMail size={28} stroke={1.4} />}
      testId="contacts-table"
      columns={[
        customerColumn,
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
      ]}
      actions={(row, ask) => {
        const action = row.status === 'new' ? 'handle' : 'reopen';
        return (
          <Button
            size="compact-sm"
            variant={action === 'handle' ? 'filled' : 'default'}
            onClick={() =>
              ask({
                id: row.id,
                action,
                title: t(`contacts.${action}Title`),
                text: t(`contacts.${action}Confirm`, { subject: row.subject, email: row.user.email }),
                confirmLabel: t(`contacts.${action}`),
                withNote: action === 'handle',
              })
            }
            data-testid={`contact-${action}-${row.id}`}
          >
            {t(`contacts.${action}`)}
          </Button>
        );
      }}
    />
  );
}
