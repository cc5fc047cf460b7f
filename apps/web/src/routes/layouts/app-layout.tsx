import { useEffect, type ReactNode } from 'react';
import { Anchor, AppShell, Box, Burger, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { ImpersonationBanner } from '../../features/auth/components/impersonation-banner';
import { LanguageSwitch } from '../../features/auth/components/language-switch';
import { UserMenu } from '../../features/auth/components/user-menu';
import { HeaderBalances } from '../../features/profile/components/header-balances';
import { NoticeBell } from '../../features/notices/components/notice-bell';
import { queryClient } from '../../lib/query-client';
import { SideMenu } from './side-menu';

/**
 * The signed-in frame: header (language, theme, account) and the side menu; the page goes in the
 * middle. It also provides the query cache, which only signed-in pages use.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('app');
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const theme = useMantineTheme();
  // Below `sm` the header has no room for the language switch beside the account menu: it moves into the
  // burger's menu. One switch at a time, not two hidden by CSS, so it keeps a single accessible name on the page.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });

  // On a phone the menu covers the page: close it once the user has picked a page.
  useEffect(close, [pathname, close]);

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'md', sm: 'lg' }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('menu.toggle')}
              />
              <Anchor component={Link} to="/dashboard" underline="never" c="inherit" aria-label="Storelift">
                <Logo size={26} compact />
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <HeaderBalances />
              <NoticeBell />
              {wide && <LanguageSwitch />}
              {/* On a phone the header is full: the account menu has the theme switch too. */}
              <Box visibleFrom="xs">
                <ThemeToggle />
              </Box>
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          <SideMenu />
          {!wide && (
            <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <LanguageSwitch />
            </Box>
          )}
        </AppShell.Navbar>
        <AppShell.Main>
          <ImpersonationBanner />
          {children ?? <Outlet />}
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
