import { Alert, Stack } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationsQueryOptions, useDismissNotification } from '../api/notices';

/**
 * The dashboard's pinned notifications (customer-area §2, §3). Dismissing one removes it at once, and it
 * stays removed even when the call fails (§8); a widget that cannot load shows nothing.
 */
export function PinnedNotifications() {
  const { t } = useTranslation('notices');
  const { data } = useQuery(notificationsQueryOptions());
  const dismiss = useDismissNotification();
  if (!data?.data.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('pinned.title')} data-testid="pinned-notifications">
      {data.data.map((notification) => (
        <Alert
          key={notification.id}
          color="indigo"
          icon={<IconPin size={18} />}
          withCloseButton
          closeButtonLabel={t('pinned.dismiss')}
          onClose={() => dismiss.mutate(notification.id)}
          data-testid="pinned-notification"
        >
          <span style={{ whiteSpace: 'pre-wrap' }}>{notification.body}</span>
        </Alert>
      ))}
    </Stack>
  );
}
