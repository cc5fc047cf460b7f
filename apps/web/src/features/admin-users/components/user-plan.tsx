import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { AdminUserDetail } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError } from '../../../components/error-modal';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { pricePlansQueryOptions, usePlanChange } from '../api/admin-users';

/**
 * User details, price plan: the user's plan, a move to another (a reseller plan only this way, by a manager
 * or an admin, staff-admin §6) and a pricetag sync after price changes.
 */
export function UserPlan({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('users');
  const canSet = useCan('users.set-price-plan');
  const plans = useQuery(pricePlansQueryOptions());
  const [planId, setPlanId] = useState<string | null>(String(user.priceplan.id));
  const [asking, setAsking] = useState<'move' | 'sync' | null>(null);
  const change = usePlanChange(user.id);
  const chosen = plans.data?.data.find((plan) => String(plan.id) === planId);

  const run = () =>
    change.mutate(asking === 'sync' ? null : Number(planId), {
      onSuccess: (answer) => {
        notifySuccess(translateMessage(answer.message));
        setAsking(null);
      },
      onError: (failure) => {
        setAsking(null);
        showApiError(failure);
      },
    });

  return (
    <Stack gap="md" maw={560}>
      <Text size="sm">
        {t('plan.current', { plan: user.priceplan.name, total: formatMoney(user.total_payments) })}
      </Text>
      {canSet ? (
        <>
          <Group align="flex-end" gap="sm">
            <Select
              label={t('plan.choose')}
              data={(plans.data?.data ?? []).map((plan) => ({
                value: String(plan.id),
                label: plan.is_reseller ? t('plan.reseller', { name: plan.name }) : plan.name,
              }))}
              value={planId}
              onChange={setPlanId}
              allowDeselect={false}
              w={260}
              data-testid="plan-select"
            />
            <Button
              disabled={!planId || planId === String(user.priceplan.id)}
              onClick={() => setAsking('move')}
            >
              {t('plan.move')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => setAsking('sync')}
            >
              {t('plan.sync')}
            </Button>
          </Group>
          {chosen?.is_reseller && (
            <Alert color="blue" variant="light" title={t('plan.resellerTitle')}>
              {t('plan.resellerText')}
            </Alert>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('plan.noRight')}
        </Text>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={asking === 'sync' ? t('plan.syncTitle') : t('plan.moveTitle', { plan: chosen?.name ?? '' })}
        confirmLabel={asking === 'sync' ? t('plan.sync') : t('plan.move')}
        color="blue"
        loading={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={run}
      >
        {asking === 'sync' ? t('plan.syncText') : t('plan.moveText', { email: user.email })}
      </ConfirmModal>
    </Stack>
  );
}
