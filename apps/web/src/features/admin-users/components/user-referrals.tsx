import { useState } from 'react';
import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { AdminReferral } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { showApiError } from '../../../components/error-modal';
import { dateColumn, moneyColumn, StaffList } from '../../../components/staff-list';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useReferralChange, userReferralsQueryOptions } from '../api/admin-users';
import { useUserDetailList } from './user-detail-list';

/** User details, referrals: the users this user referred; staff with the right attach or remove one. */
export function UserReferrals({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const canEdit = useCan('users.edit-referrals');
  const [referral, setReferral] = useState('');
  const [removing, setRemoving] = useState<AdminReferral | null>(null);
  const change = useReferralChange(userId);
  const list = useUserDetailList({ userId }, (page) => userReferralsQueryOptions(userId, page));
  const done = (answer: { message: string }) => notifySuccess(translateMessage(answer.message));

  return (
    <StaffList<AdminReferral>
      above={
        canEdit && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate(
                { attach: referral.trim() },
                {
                  onSuccess: (answer) => {
                    done(answer);
                    setReferral('');
                  },
                  onError: showApiError,
                },
              );
            }}
          >
            <Group align="flex-end" gap="sm">
              <TextInput
                label={t('referrals.attachLabel')}
                placeholder={t('referrals.attachPlaceholder')}
                value={referral}
                onChange={(event) => setReferral(event.currentTarget.value)}
                w={320}
                data-testid="referral-input"
              />
              <Button
                type="submit"
                leftSection={<IconUserPlus size={16} />}
                loading={change.isPending && 'attach' in (change.variables ?? {})}
                disabled={!referral.trim()}
              >
                {t('referrals.attach')}
              </Button>
            </Group>
          </form>
        )
      }
      list={list}
      empty={t('details.noReferrals')}
      testId="user-referrals"
      columns={[
        { accessor: 'email', title: t('referrals.email') },
        { accessor: 'nickname', title: t('referrals.nickname') },
        dateColumn('created_at', t('referrals.registered')),
        moneyColumn('total_payments', t('referrals.payments')),
        moneyColumn('earned', t('referrals.earned')),
      ]}
      rowActions={
        canEdit
          ? {
              render: (row) => (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('referrals.removeOf', { email: row.email })}
                  onClick={() => setRemoving(row)}
                >
                  <IconUserMinus size={16} />
                </ActionIcon>
              ),
            }
          : undefined
      }
    >
      <ConfirmRowAction
        target={removing}
        title={t('referrals.removeTitle', { email: removing?.email ?? '' })}
        text={t('referrals.removeText')}
        confirmLabel={t('referrals.remove')}
        run={(row) => change.mutateAsync({ remove: row.id })}
        pending={change.isPending}
        onClose={() => setRemoving(null)}
      />
    </StaffList>
  );
}
