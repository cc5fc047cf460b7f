import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@storelift/shared';
import { showApiError } from '../../../components/error-modal';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { ownNoticesQueryOptions, unreadCampaignMessagesQueryOptions, useViewNotice } from '../api/notices';

/**
 * The header's bell: the unread count in its name and badge, the latest notices in a popover. For staff who
 * answer orders (user-orders) it also lists the campaigns whose customer wrote messages nobody on staff has
 * read, each opening the order's drawer with its thread.
 */
export function NoticeBell() {
  const { t } = useTranslation('notices');
  const { data, isPending, isError } = useQuery(ownNoticesQueryOptions());
  const answersOrders = useCan('user-orders');
  const threads = useQuery({
    ...unreadCampaignMessagesQueryOptions(),
    enabled: answersOrders,
    refetchInterval: 60_000,
  }).data?.data;
  const customerUnread = threads?.reduce((sum, thread) => sum + thread.unread, 0) ?? 0;
  const unread = (data?.unread ?? 0) + customerUnread;
  return (
    <Popover position="bottom-end" width={360} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          radius="md"
          aria-label={t('bell.label', { count: unread })}
          data-testid="notice-bell"
          data-unread={unread}
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            disabled={!unread}
            offset={-2}
            color="red"
          >
            <IconBell size={18} stroke={1.6} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" data-testid="notice-list">
        {threads && threads.length > 0 && (
          <Stack gap={4} pb="xs" data-testid="bell-customer-messages">
            <Text fw={600} px="xs">
              {t('bell.customerMessages')}
            </Text>
            {threads.slice(0, 5).map((thread) => (
              <Anchor
                key={thread.campaign_id}
                size="sm"
                px="xs"
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/admin/user-orders"
                    search={{ campaign: String(thread.campaign_id) }}
                  />
                )}
                data-testid={`bell-thread-${thread.campaign_id}`}
              >
                {t('bell.customerThread', { id: thread.campaign_id, count: thread.unread })}
              </Anchor>
            ))}
          </Stack>
        )}
        <Text fw={600} px="xs" pb="xs">
          {t('bell.title')}
        </Text>
        {isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('bell.loading')} />
          </Group>
        ) : isError ? (
          <Text c="red" size="sm" px="xs">
            {t('bell.error')}
          </Text>
        ) : data.data.length === 0 ? (
          <Text c="dimmed" size="sm" px="xs" pb="xs">
            {t('bell.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data.data.map((notice) => (
                <NoticeItem key={notice.id} notice={notice} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notices');
  const view = useViewNotice();
  return (
    <li
      data-testid="notice-item"
      data-read={notice.is_read}
      style={{
        padding: 8,
        borderRadius: 'var(--mantine-radius-sm)',
        background: notice.is_read ? undefined : 'var(--mantine-color-default-hover)',
      }}
    >
      <Text size="sm" fw={notice.is_read ? 400 : 600} style={{ whiteSpace: 'pre-wrap' }}>
        {notice.text}
      </Text>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="dimmed">
          {formatDateTime(notice.created_at)}
        </Text>
        <Group gap="xs">
          {notice.campaign_id !== null && (
            <Anchor
              size="xs"
              renderRoot={(props) => (
                <Link {...props} to="/campaigns" search={{ search: String(notice.campaign_id) }} />
              )}
            >
              {t('bell.openCampaign', { id: notice.campaign_id })}
            </Anchor>
          )}
          {!notice.is_read && (
            <Button
              size="compact-xs"
              variant="light"
              loading={view.isPending}
              onClick={() => view.mutate(notice.id, { onError: showApiError })}
              data-testid="notice-view"
            >
              {t('bell.markViewed')}
            </Button>
          )}
        </Group>
      </Group>
    </li>
  );
}
