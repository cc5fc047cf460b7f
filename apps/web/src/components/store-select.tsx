import { Select, type SelectProps } from '@mantine/core';
import { APP_STORES } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

/** A filter select of the two stores, valued "1" (Google Play) and "2" (App Store); other props go to Select. */
export function StoreSelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useTranslation('app');
  return (
    <Select
      {...props}
      data={[
        { value: String(APP_STORES.GOOGLE_PLAY), label: t('stores.googlePlay') },
        { value: String(APP_STORES.APP_STORE), label: t('stores.appStore') },
      ]}
    />
  );
}
