import 'mantine-datatable/styles.css';
import { Tabs } from '@mantine/core';
import { IconArrowsExchange, IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PAYMENT_STATUSES, type PaymentStatus } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { UserPaymentsTable } from '../features/billing/components/user-payments-table';
import { AdminTransfersTable } from '../features/transfers/components/admin-transfers-table';
import { pricePlansQueryOptions } from '../features/plans/api/plans';

const route = getRouteApi('/app/admin/user-payments');

/**
 * /admin/user-payments (the user-payments module; all staff by default): the payments (`?status=` filters by
 * status) and, on a tab of their own, the transfers between accounts (payment system 34).
 */
export function AdminUserPaymentsPage() {
  const { t } = useTranslation('staffmoney');
  const plans = useQuery(pricePlansQueryOptions()).data ?? [];
  const { status } = route.useSearch();
  const navigate = useNavigate();
  return (
    <Tabs defaultValue="payments" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="payments" leftSection={<IconCreditCard size={16} />} data-testid="tab-payments">
          {t('transfers.paymentsTab')}
        </Tabs.Tab>
        <Tabs.Tab
          value="transfers"
          leftSection={<IconArrowsExchange size={16} />}
          data-testid="tab-transfers"
        >
          {t('transfers.title')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="payments">
        <UserPaymentsTable
          plans={plans.map((plan) => ({ id: plan.id, name: plan.name }))}
          status={
            (PAYMENT_STATUSES as readonly string[]).includes(status ?? '')
              ? (status as PaymentStatus)
              : undefined
          }
          onStatusClear={() => void navigate({ to: '/admin/user-payments', search: {} })}
        />
      </Tabs.Panel>
      <Tabs.Panel value="transfers">
        <AdminTransfersTable />
      </Tabs.Panel>
    </Tabs>
  );
}
