import type { ComponentType } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApps, IconFileText, IconKey, IconRocket, IconShieldLock, IconUsers } from '@tabler/icons-react';
import { STAFF_ROLES, hasAnyRole, type User } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/copy-value';
import { formatDate } from '../../../lib/format';
import { displayRoles } from '../../../lib/roles';

interface QuickLink {
  to: '/apps' | '/keywords' | '/terms' | '/privacy' | '/admin/user-lists';
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
}

/** The dashboard for now: a greeting, the account, links to what exists, and an honest empty state. */
export function DashboardOverview({ user, roles }: { user: User | null; roles: readonly string[] }) {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();
  const ownRoles = displayRoles(roles);
  const links: QuickLink[] = [
    { to: '/apps', label: t('menu.items.apps'), icon: IconApps },
    { to: '/keywords', label: t('menu.items.keywords'), icon: IconKey },
    ...(hasAnyRole(roles, STAFF_ROLES)
      ? [{ to: '/admin/user-lists' as const, label: t('menu.items.userLists'), icon: IconUsers }]
      : []),
    { to: '/terms', label: t('menu.items.terms'), icon: IconFileText },
    { to: '/privacy', label: t('menu.items.privacy'), icon: IconShieldLock },
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

      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="xs" py="lg" data-testid="campaigns-empty">
          <ThemeIcon variant="light" size={56} radius="xl" color="gray">
            <IconRocket size={28} stroke={1.5} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {t('dashboard.noCampaigns')}
          </Text>
          <Text c="dimmed" size="sm" maw={460}>
            {t('dashboard.noCampaignsText')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
