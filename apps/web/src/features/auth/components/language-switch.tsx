import { Input } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { LOCALES } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { applyLocale, isLocale } from '../../../lib/i18n';
import { showApiError } from '../../../components/error-modal';
import { session } from '../../../lib/session';

/**
 * Changes the interface language; when signed in, also saves it on the account (`POST changeLocale`).
 * A native select: light enough for the sign-in page and natural on phones.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();

  const choose = async (value: string) => {
    if (!isLocale(value) || value === i18n.language) return;
    await applyLocale(value);
    if (!session.isAuthenticated()) return;
    try {
      const { saveAccountLocale } = await import('../api/me');
      await saveAccountLocale(value);
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Input
      component="select"
      aria-label={t('language.switch')}
      title={t('language.switch')}
      value={i18n.language}
      onChange={(event: React.ChangeEvent<HTMLSelectElement>) => void choose(event.currentTarget.value)}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      rightSection={<IconChevronDown size={14} stroke={1.6} />}
      rightSectionPointerEvents="none"
      size="sm"
      w={{ base: 128, sm: 150 }}
      data-testid="language-switch"
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {t(`language.names.${locale}`)}
        </option>
      ))}
    </Input>
  );
}
