import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Hook for the light/dark switch, shared by the header button and the user menu. */
export function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = computed === 'dark';
  return { dark, toggle: () => setColorScheme(dark ? 'light' : 'dark') };
}

/** Switches between the light and the dark theme (saved in this browser). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { dark, toggle } = useThemeToggle();
  const label = dark ? t('theme.light') : t('theme.dark');
  return (
    <ActionIcon variant="default" size={36} aria-label={label} title={label} onClick={toggle}>
      {dark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
    </ActionIcon>
  );
}
