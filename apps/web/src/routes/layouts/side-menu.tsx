import type { ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { AccountSwitch } from './account-switch';
import { ManagerRequestMenuItem } from '../../features/sales/components/personal-manager';
import type { RouterContext } from '../menu-sections';
import { QuickActions } from './quick-actions';

function Section({
  section,
  items,
  pathname,
  extra,
}: ReturnType<RouterContext['menuSections']>[number] & { pathname: string; extra?: ReactNode }) {
  const { t } = useTranslation('app');
  return (
    <Stack
      gap={2}
      component="section"
      aria-label={section === 'main' ? undefined : t(`menu.sections.${section}`)}
    >
      {section !== 'main' && (
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
          {t(`menu.sections.${section}`)}
        </Text>
      )}
      {items.map(({ path, title, icon: Icon }) => (
        <NavLink
          key={path}
          component={Link}
          to={path}
          label={t(`menu.items.${title}`)}
          leftSection={<Icon size={18} stroke={1.6} />}
          active={pathname === path || pathname.startsWith(`${path}/`)}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
      {extra}
    </Stack>
  );
}

/**
 * The navigation of the signed-in area: the quick actions, then the menu of the page manifest (routes/menu.ts,
 * given by the router) as far as the user's permissions open its pages.
 */
export function SideMenu() {
  const { t } = useTranslation('app');
  const { permissions } = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { menuSections } = useRouter().options.context as RouterContext;
  return (
    <ScrollArea style={{ flex: 1 }} type="scroll">
      <nav aria-label={t('menu.label')}>
        <AccountSwitch />
        <QuickActions />
        {menuSections(permissions).map((section) => (
          <Section
            key={section.section}
            {...section}
            pathname={pathname}
            extra={section.section === 'other' && <ManagerRequestMenuItem />}
          />
        ))}
      </nav>
    </ScrollArea>
  );
}
