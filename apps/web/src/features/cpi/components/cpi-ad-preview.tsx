import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A mock of the app ad a store or ad network shows (icon, name, the two headlines joined as Google joins
 * them, the description, an Install button): how the texts read together, not a promise of the layout.
 */
export function CpiAdPreview({
  appName,
  appIcon,
  headline1,
  headline2,
  description,
  testId = 'cpi-ad-preview',
}: {
  appName: string;
  appIcon?: string;
  headline1: string;
  headline2: string;
  description: string;
  testId?: string;
}) {
  const { t } = useTranslation('cpi');
  const headline = [headline1.trim(), headline2.trim()].filter(Boolean).join(' | ');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      maw={420}
      component="figure"
      m={0}
      aria-label={t('preview.title')}
      data-testid={testId}
    >
      <Stack gap="xs">
        <Group gap="xs" justify="space-between">
          <Badge size="xs" variant="outline" color="gray" radius="sm">
            {t('preview.ad')}
          </Badge>
          <Group gap={2} aria-hidden>
            {[0, 1, 2, 3, 4].map((star) => (
              <IconStarFilled key={star} size={10} color="var(--mantine-color-yellow-6)" />
            ))}
          </Group>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={appIcon} alt="" size={48} radius="md">
            {appName.slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={2} miw={0}>
            <Text fw={700} size="sm" lh={1.3} data-testid={`${testId}-headline`}>
              {headline || t('preview.noHeadline')}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {appName}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" data-testid={`${testId}-description`}>
          {description.trim() || t('preview.noDescription')}
        </Text>
        <Group justify="flex-end">
          <Button size="compact-sm" radius="xl" tabIndex={-1} aria-hidden component="span">
            {t('preview.install')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
