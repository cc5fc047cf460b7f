import { Avatar, Badge, Group, Text } from '@mantine/core';
import type { AdminUserApp } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, StaffList } from '../../../components/staff-list';
import { userAppsQueryOptions } from '../api/admin-users';
import { useUserDetailList } from './user-detail-list';

/** User details, apps: the apps the user tracks, newest first. */
export function UserApps({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: ta } = useTranslation('app');
  const list = useUserDetailList({ userId }, (page) => userAppsQueryOptions(userId, page));
  return (
    <StaffList<AdminUserApp>
      list={list}
      empty={t('details.noApps')}
      testId="user-apps"
      columns={[
        {
          accessor: 'title',
          title: t('apps.app'),
          render: (app) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={app.icon} alt="" size={32} radius="sm" />
              <div>
                <Text size="sm" fw={500}>
                  {app.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {app.package}
                </Text>
              </div>
            </Group>
          ),
        },
        {
          accessor: 'appstore',
          title: t('apps.store'),
          render: (app) => (app.appstore === 2 ? ta('stores.appStore') : ta('stores.googlePlay')),
        },
        { accessor: 'country', title: t('apps.country') },
        {
          accessor: 'is_alive',
          title: t('apps.status'),
          render: (app) => (
            <Badge size="sm" variant="dot" color={app.is_alive ? 'teal' : 'red'}>
              {app.is_alive ? t('apps.alive') : t('apps.banned')}
            </Badge>
          ),
        },
        dateColumn('created_at', t('apps.added')),
      ]}
    />
  );
}
