import 'mantine-datatable/styles.css';
import { useEffect } from 'react';
import { Anchor, Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconApps,
  IconArrowLeft,
  IconCash,
  IconHistory,
  IconId,
  IconListDetails,
  IconMessage,
  IconReceipt,
  IconTags,
  IconUserShare,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/page-loader';
import { AuditLogTable } from '../features/audit/components/audit-log-table';
import { adminUserKeys, adminUserQueryOptions } from '../features/admin-users/api/admin-users';
import { BalanceForm } from '../features/admin-users/components/balance-form';
import { LoginAsItem } from '../features/admin-users/components/login-as-item';
import { UserActionsMenu } from '../features/admin-users/components/user-actions-menu';
import { UserApps } from '../features/admin-users/components/user-apps';
import { UserPayments } from '../features/admin-users/components/user-payments';
import { UserPlan } from '../features/admin-users/components/user-plan';
import { UserReferrals } from '../features/admin-users/components/user-referrals';
import { UserReseller } from '../features/admin-users/components/user-reseller';
import { UserNotices } from '../features/notices/components/user-notices';
import { UserSummary } from '../features/admin-users/components/user-summary';
import { UserTransactions } from '../features/admin-users/components/user-transactions';
import { HOME_PATH } from './paths';
import { useCan } from '../lib/session';

const TABS = [
  'details',
  'payments',
  'transactions',
  'balance',
  'messages',
  'referrals',
  'apps',
  'reseller',
  'plan',
  'audit',
] as const;
type Tab = (typeof TABS)[number];
const ICONS = {
  details: IconId,
  payments: IconReceipt,
  transactions: IconListDetails,
  balance: IconCash,
  messages: IconMessage,
  referrals: IconUsersGroup,
  apps: IconApps,
  reseller: IconUserShare,
  plan: IconTags,
  audit: IconHistory,
} satisfies Record<Tab, unknown>;

/**
 * /admin/user-details/{id} (the user-details module): one user's tabs of staff-admin §2, each list a server
 * page of 10, newest first. A failed load clears the error and goes to the dashboard (staff-admin §8).
 */
export function AdminUserDetailsPage() {
  const { t } = useTranslation('users');
  const { id } = useParams({ from: '/app/admin/user-details/$id' });
  const search = useSearch({ from: '/app/admin/user-details/$id' });
  const navigate = useNavigate();
  const client = useQueryClient();
  const userId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const { data, error } = useQuery({ ...adminUserQueryOptions(userId), enabled: userId > 0 });
  const canChangeBalance = useCan('users.change-balance');
  const canReadAudit = useCan('log-viewer');

  useEffect(() => {
    if (userId > 0 && !error) return;
    client.removeQueries({ queryKey: adminUserKeys.one(userId) });
    void navigate({ to: HOME_PATH, replace: true });
  }, [client, error, navigate, userId]);

  const shown = TABS.filter(
    (tab) => (tab !== 'balance' || canChangeBalance) && (tab !== 'audit' || canReadAudit),
  );
  const tab: Tab = shown.includes(search.tab as Tab) ? (search.tab as Tab) : 'details';
  const user = data?.data;
  if (!user) return <PageLoader />;

  const panel = (name: Tab) => {
    switch (name) {
      case 'details':
        return <UserSummary user={user} />;
      case 'payments':
        return <UserPayments userId={user.id} />;
      case 'transactions':
        return <UserTransactions userId={user.id} />;
      case 'balance':
        return <BalanceForm user={user} />;
      case 'referrals':
        return <UserReferrals userId={user.id} />;
      case 'apps':
        return <UserApps userId={user.id} />;
      case 'reseller':
        return <UserReseller userId={user.id} />;
      case 'plan':
        return <UserPlan user={user} />;
      case 'audit':
        return <AuditLogTable targetUserId={user.id} />;
      case 'messages':
        return <UserNotices userId={user.id} />;
    }
  };

  return (
    <Stack gap="lg">
      <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin/user-lists" />}>
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('details.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {user.nickname}
          </Title>
          <Group gap="xs" mt={4}>
            <Text c="dimmed">{user.email}</Text>
            <Badge size="sm" variant="dot" color={user.is_active ? 'teal' : 'gray'}>
              {user.is_active ? t('status.active') : t('status.inactive')}
            </Badge>
            {!user.email_verified && (
              <Badge size="sm" variant="dot" color="orange">
                {t('status.unverified')}
              </Badge>
            )}
            {user.deleted_at && (
              <Badge size="sm" variant="dot" color="red">
                {t('status.deleted')}
              </Badge>
            )}
          </Group>
        </div>
        {!user.deleted_at && (
          <UserActionsMenu
            user={user}
            withDetails={false}
            extraItems={<LoginAsItem user={user} />}
            onDeleted={() => void navigate({ to: '/admin/user-lists' })}
          />
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          void navigate({
            to: '/admin/user-details/$id',
            params: { id },
            search: value === 'details' ? {} : { tab: value ?? undefined },
            replace: true,
          })
        }
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {shown.map((name) => {
            const Icon = ICONS[name];
            return (
              <Tabs.Tab key={name} value={name} leftSection={<Icon size={16} />} data-testid={`tab-${name}`}>
                {t(`tabs.${name}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          {panel(tab)}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
