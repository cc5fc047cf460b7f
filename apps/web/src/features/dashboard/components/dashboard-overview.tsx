import type { ComponentType, ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconApps,
  IconChartBar,
  IconCreditCard,
  IconKey,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import type { User } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/copy-value';
import { formatDate } from '../../../lib/format';
import { displayRoles } from '../../../lib/roles';
import { CampaignsWidget } from './campaigns-widget';
import { InfoWidgets, PinnedPosts } from './info-widgets';

interface QuickLink {
  to: '/campaigns' | '/top-up-balance' | '/statistics' | '/apps' | '/keywords' | '/admin/user-lists';
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/**
 * The dashboard: a greeting, the campaigns widget, the personal manager's (`manager`, another feature's: the
 * page composes it), the account and links to the pages used most.
 */
export function DashboardOverview({
  user,
  roles,
  permissions,
  manager,
}: {
  user: User | null;
  roles: readonly string[];
  permissions: readonly string[];
  manager: ReactNode;
}) {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();
  const ownRoles = displayRoles(roles);
  // "Add campaigns" is the widget's own button (a second link of that name beside the menu's would be noise).
  const links: QuickLink[] = [
    { to: '/campaigns', label: t('menu.items.myCampaigns'), icon: IconSpeakerphone },
    { to: '/top-up-balance', label: t('menu.items.topUp'), icon: IconCreditCard },
    { to: '/statistics', label: t('menu.items.statistics'), icon: IconChartBar },
    { to: '/apps', label: t('menu.items.apps'), icon: IconApps },
    { to: '/keywords', label: t('menu.items.keywords'), icon: IconKey },
    ...(permissions.includes('user-lists')
      ? [{ to: '/admin/user-lists' as const, label: t('menu.items.userLists'), icon: IconUsers }]
      : []),
  ];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {user ? t('dashboard.greeting', { name: user.nickname }) : t('dashboard.greetingAnonymous')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('dashboard.lead')}
        </Text>
      </div>

      <PinnedPosts />

      <CampaignsWidget />

      {manager}

      <InfoWidgets />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Text fw={700} mb="sm">
            {t('dashboard.account')}
          </Text>
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {tr('fields.email')}
              </Text>
              <Text size="sm" truncate>
                {user?.email}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('dashboard.userId')}
              </Text>
              <Group gap={4}>
                <Text size="sm">{user?.id}</Text>
                {user && <CopyValue value={String(user.id)} label={t('dashboard.userId')} />}
              </Group>
            </Group>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                {t('dashboard.roles')}
              </Text>
              <Group gap={6} justify="flex-end" data-testid="dashboard-roles">
                {ownRoles.map((role) => (
                  <Badge key={role} variant="light">
                    {t(`roles.${role}`)}
                  </Badge>
                ))}
              </Group>
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('dashboard.memberSince')}
              </Text>
              <Text size="sm">{formatDate(user?.created_at)}</Text>
            </Group>
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Text fw={700} mb="sm">
            {t('dashboard.quickLinks')}
          </Text>
          <Stack gap="xs">
            {links.map(({ to, label, icon: Icon }) => (
              <Anchor key={to} component={Link} to={to} underline="hover">
                <Group gap="sm">
                  <ThemeIcon variant="light" size={30} radius="md">
                    <Icon size={16} stroke={1.6} />
                  </ThemeIcon>
                  <Text size="sm" fw={500}>
                    {label}
                  </Text>
                </Group>
              </Anchor>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
