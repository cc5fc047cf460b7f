import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a page's chunk or data is loading. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="40vh" w="100%">
      <Loader role="status" size="md" aria-label={t('common.loading')} />
    </Center>
  );
}
