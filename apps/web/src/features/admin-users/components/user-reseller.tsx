import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { RESELLER_NOTE_MAX, type AdminResellerRequest } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError } from '../../../components/error-modal';
import { dateColumn, StaffList } from '../../../components/staff-list';
import { useUserDetailList } from './user-detail-list';
import { textLimitError, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { userResellerRequestsQueryOptions, useResellerReview } from '../api/admin-users';

const STATUS_COLORS = { pending: 'orange', approved: 'teal', rejected: 'gray' } as const;
type Verdict = 'approve' | 'reject';

/**
 * User details, reseller program: the user's requests (customer-area §3 Reseller request); a manager or an
 * admin approves one (the user moves to a reseller plan) or rejects it, with an optional note.
 */
export function UserReseller({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: tp } = useTranslation('pages');
  const canReview = useCan('resellers.review');
  const [reviewing, setReviewing] = useState<{ request: AdminResellerRequest; verdict: Verdict } | null>(
    null,
  );
  const [note, setNote] = useState('');
  const review = useResellerReview(userId);
  const list = useUserDetailList({ userId }, (page) => userResellerRequestsQueryOptions(userId, page));
  const close = () => {
    setReviewing(null);
    setNote('');
  };

  return (
    <StaffList<AdminResellerRequest>
      list={list}
      empty={t('reseller.none')}
      testId="user-reseller"
      columns={[
        dateColumn('created_at', t('reseller.sent')),
        {
          accessor: 'status',
          title: t('reseller.status'),
          render: (row) => (
            <Badge variant="dot" color={STATUS_COLORS[row.status]}>
              {tp(`resellers.status.${row.status}`)}
            </Badge>
          ),
        },
        {
          accessor: 'details',
          title: t('reseller.details'),
          render: (row) => (
            <Stack gap={2}>
              <Text size="sm">{row.customer_sources}</Text>
              <Text size="xs" c="dimmed">
                {[
                  t('reseller.installs', { count: row.monthly_installs }),
                  row.channels.map((channel) => tp(`resellers.channels.${channel}`)).join(', '),
                  row.services.map((service) => tp(`resellers.services.${service}`)).join(', '),
                ].join(' · ')}
              </Text>
              {row.note && <Text size="xs">{t('reseller.note', { note: row.note })}</Text>}
            </Stack>
          ),
        },
        {
          accessor: 'priceplan',
          title: t('reseller.plan'),
          render: (row) => row.priceplan ?? '—',
        },
        ...(canReview
          ? [
              {
                accessor: 'review',
                title: '',
                textAlign: 'right' as const,
                render: (row: AdminResellerRequest) =>
                  row.status === 'pending' && (
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        leftSection={<IconCheck size={14} />}
                        onClick={() => setReviewing({ request: row, verdict: 'approve' })}
                      >
                        {t('reseller.approve')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconX size={14} />}
                        onClick={() => setReviewing({ request: row, verdict: 'reject' })}
                      >
                        {t('reseller.reject')}
                      </Button>
                    </Group>
                  ),
              },
            ]
          : []),
      ]}
    >
      <ConfirmModal
        opened={reviewing !== null}
        title={reviewing?.verdict === 'approve' ? t('reseller.approveTitle') : t('reseller.rejectTitle')}
        confirmLabel={reviewing?.verdict === 'approve' ? t('reseller.approve') : t('reseller.reject')}
        color={reviewing?.verdict === 'approve' ? 'blue' : 'red'}
        loading={review.isPending}
        onClose={close}
        onConfirm={() =>
          reviewing &&
          review.mutate(
            { id: reviewing.request.id, verdict: reviewing.verdict, note: note.trim() || undefined },
            {
              onSuccess: (answer) => {
                notifySuccess(translateMessage(answer.message));
                close();
              },
              onError: (failure) => {
                close();
                showApiError(failure);
              },
            },
          )
        }
      >
        <Stack gap="sm">
          {reviewing?.verdict === 'approve' && <Text size="sm">{t('reseller.approveText')}</Text>}
          <Textarea
            label={t('reseller.noteLabel')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={textLimitError(note, RESELLER_NOTE_MAX)}
            autosize
            minRows={2}
          />
        </Stack>
      </ConfirmModal>
    </StaffList>
  );
}
