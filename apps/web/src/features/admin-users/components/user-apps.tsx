import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { AdminUserApp } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { DETAIL_PAGE_SIZE, userAppsQueryOptions } from '../api/admin-users';

/** User details, apps: the apps the user tracks, newest first. */
export function UserApps({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: ta } = useTranslation('app');
  const [page, setPage] = usePageOf(userId);
  const { data, isFetching, error } = useQuery(userAppsQueryOptions(userId, page));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: DETAIL_PAGE_SIZE, emptyHeight: 180 },
  );
  return (
    <Stack gap="md">
      <ListError error={error} />
      <DataTable<AdminUserApp>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('details.noApps')}
        data-testid="user-apps"
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
          {
            accessor: 'created_at',
            title: t('apps.added'),
            noWrap: true,
            render: (app) => formatDate(app.created_at),
          },
        ]}
      />
    </Stack>
  );
}
