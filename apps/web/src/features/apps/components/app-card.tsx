import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconDotsVertical,
  IconExternalLink,
  IconKey,
  IconStar,
  IconStarFilled,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { App } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { countryName, formatNumber, formatRating } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { countryStatuses, type CountryStatus } from '../api/app-lists';
import { StoreBadge } from './store-badge';

function statusColor(status: CountryStatus): string {
  if (status.pending) return 'gray';
  return status.alive ? 'teal' : 'red';
}

/** One tracked app: listing, status per country, favorite star, link to its keywords, actions. */
export function AppCard({
  app,
  onToggleFavorite,
  onDelete,
  togglingFavorite = false,
}: {
  app: App;
  onToggleFavorite: (app: App) => void;
  onDelete: (app: App) => void;
  togglingFavorite?: boolean;
}) {
  const { t, i18n } = useTranslation('app');
  const statuses = countryStatuses(app);
  const favoriteLabel = app.is_favorite ? t('apps.unfavorite') : t('apps.favorite');
  const banned = !app.is_alive;

  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-testid="app-card"
      style={{
        display: 'flex',
        flexDirection: 'column',
        ...(banned ? { borderColor: 'var(--mantine-color-red-outline)' } : {}),
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Avatar src={app.icon} alt="" size={56} radius="md" style={{ flexShrink: 0 }}>
          {app.title.slice(0, 2)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} lineClamp={2} lh={1.3} title={app.title}>
            {app.title}
          </Text>
          <Text size="sm" c="dimmed" truncate title={app.developer}>
            {app.developer}
          </Text>
          <Group gap="xs" wrap="wrap" mt={2}>
            <StoreBadge appstore={app.appstore} />
            <Group gap="sm" wrap="nowrap">
              <Group
                gap={4}
                wrap="nowrap"
                aria-label={t('apps.rating', { rating: formatRating(app.rating) })}
              >
                <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" />
                <Text size="sm" fw={600}>
                  {formatRating(app.rating)}
                </Text>
              </Group>
              <Tooltip label={t('apps.votes')} withArrow>
                <Group gap={4} wrap="nowrap" aria-label={`${t('apps.votes')}: ${formatNumber(app.votes)}`}>
                  <IconUsers size={14} color="var(--mantine-color-dimmed)" />
                  <Text size="sm" c="dimmed">
                    {formatNumber(app.votes)}
                  </Text>
                </Group>
              </Tooltip>
            </Group>
          </Group>
        </Stack>
        <Tooltip label={favoriteLabel} withArrow>
          <ActionIcon
            variant="subtle"
            color={app.is_favorite ? 'yellow' : 'gray'}
            size="lg"
            aria-label={favoriteLabel}
            aria-pressed={app.is_favorite}
            loading={togglingFavorite}
            onClick={() => onToggleFavorite(app)}
          >
            {app.is_favorite ? <IconStarFilled size={20} /> : <IconStar size={20} stroke={1.6} />}
          </ActionIcon>
        </Tooltip>
      </Group>

      {banned && (
        <Group gap={6} mt="sm" wrap="nowrap" c="red" role="status">
          <IconAlertTriangle size={16} style={{ flexShrink: 0 }} />
          <Text size="sm" c="red" fw={500}>
            {translateMessage(app.status_message ?? '') || t('apps.status.banned')}
          </Text>
        </Group>
      )}

      <Group gap={6} mt="sm" wrap="wrap" aria-label={t('apps.status.label')}>
        {statuses.map((status) => {
          const state = status.pending
            ? t('apps.status.pending')
            : status.alive
              ? t('apps.status.alive')
              : status.message
                ? translateMessage(status.message)
                : t('apps.status.banned');
          return (
            <Tooltip
              key={status.country}
              label={`${countryName(status.country, i18n.language)}: ${state}`}
              withArrow
            >
              <Badge
                renderRoot={(props) => (
                  <Link
                    {...props}
                    to="/keywords"
                    search={{
                      packageId: app.package,
                      appstore: String(app.appstore),
                      country: status.country,
                    }}
                  />
                )}
                variant={status.main ? 'light' : 'outline'}
                color={statusColor(status)}
                size="md"
                radius="sm"
                leftSection={
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 7,
                      height: 7,
                      borderRadius: '50%',
                      background: `var(--mantine-color-${statusColor(status)}-filled)`,
                    }}
                  />
                }
                style={{ cursor: 'pointer' }}
                aria-label={`${status.country}: ${state}`}
                data-testid="app-country-status"
              >
                {status.country}
              </Badge>
            </Tooltip>
          );
        })}
      </Group>

      <Group justify="space-between" mt="auto" pt="md" wrap="nowrap">
        <Button
          renderRoot={(props) => (
            <Link
              {...props}
              to="/keywords"
              search={{ packageId: app.package, appstore: String(app.appstore), country: app.country.code }}
            />
          )}
          variant="light"
          size="xs"
          leftSection={<IconKey size={14} stroke={1.8} />}
        >
          {t('apps.keywords')}
        </Button>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('apps.actions')}>
              <IconDotsVertical size={18} stroke={1.6} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component="a"
              href={app.url}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconExternalLink size={16} stroke={1.6} />}
            >
              {t('apps.openInStore')}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} stroke={1.6} />}
              onClick={() => onDelete(app)}
            >
              {t('apps.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

/** The shape of an app card while the list loads. */
export function AppCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Skeleton height={56} width={56} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={14} width="80%" />
          <Skeleton height={10} width="50%" />
          <Skeleton height={16} width="60%" />
        </Stack>
      </Group>
      <Group gap={6} mt="md">
        <Skeleton height={20} width={44} />
        <Skeleton height={20} width={44} />
      </Group>
      <Group justify="space-between" mt="md">
        <Skeleton height={26} width={100} />
        <Skeleton height={26} width={26} />
      </Group>
    </Card>
  );
}
