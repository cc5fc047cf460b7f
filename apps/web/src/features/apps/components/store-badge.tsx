import { Badge } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import { APP_STORES, type AppStore } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

/** Google Play or App Store, as a small badge. */
export function StoreBadge({ appstore }: { appstore: AppStore }) {
  const { t } = useTranslation('app');
  const google = appstore === APP_STORES.GOOGLE_PLAY;
  const Icon = google ? IconBrandGooglePlay : IconBrandApple;
  return (
    <Badge
      variant="light"
      color={google ? 'teal' : 'gray'}
      size="sm"
      radius="sm"
      leftSection={<Icon size={12} stroke={1.8} />}
      style={{ flexShrink: 0 }}
    >
      {google ? t('stores.googlePlay') : t('stores.appStore')}
    </Badge>
  );
}
