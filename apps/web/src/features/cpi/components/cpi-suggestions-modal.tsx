import { Alert, Button, Group, Loader, Modal, Paper, Spoiler, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { AppStore } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { cpiAdAssetsQueryOptions } from '../api/cpi';

export type SuggestionField = 'cpiHeadline1' | 'cpiHeadline2' | 'cpiAdAssets';

/** Headlines and descriptions suggested from the app's store listing (`GET campaigns/cpi-ad-assets`). */
export function CpiSuggestionsModal({
  opened,
  onClose,
  app,
  current,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  app: { packageId: string; appstore: number; country: string };
  /** The fields' texts now: a suggestion in use shows as picked. */
  current: Readonly<Record<SuggestionField, string>>;
  onPick: (field: SuggestionField, text: string) => void;
}) {
  const { t } = useTranslation('cpi');
  const assets = useQuery({
    ...cpiAdAssetsQueryOptions(app.packageId, app.appstore as AppStore, app.country),
    enabled: opened && app.packageId !== '',
  });
  const pick = (field: SuggestionField, text: string) => onPick(field, text);
  const fieldName = (field: SuggestionField) =>
    field === 'cpiAdAssets'
      ? t('ads.description')
      : t(field === 'cpiHeadline1' ? 'ads.headline1' : 'ads.headline2');
  const data = assets.data;
  const empty = data && data.headlines.length === 0 && data.descriptions.length === 0;

  return (
    <Modal opened={opened} onClose={onClose} title={t('ads.suggestTitle')} size="lg" centered>
      <Stack gap="md" data-testid="cpi-suggestions">
        <Text size="sm" c="dimmed">
          {t('ads.suggestHint')}
        </Text>
        {assets.isPending && (
          <Group justify="center" py="lg">
            <Loader size="sm" />
          </Group>
        )}
        {assets.error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorText(assets.error)}
          </Alert>
        )}
        {empty && <Text size="sm">{t('ads.suggestNone')}</Text>}
        {data && data.headlines.length > 0 && (
          <Stack gap="xs">
            <Title order={4} fz="sm">
              {t('ads.headlines')}
            </Title>
            {data.headlines.map((text) => (
              <Paper key={text} withBorder radius="md" px="sm" py={6} data-testid="cpi-suggested-headline">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">{text}</Text>
                  <Group gap={6} wrap="nowrap">
                    {(['cpiHeadline1', 'cpiHeadline2'] as const).map((field) => (
                      <Button
                        key={field}
                        size="compact-xs"
                        variant={current[field] === text ? 'filled' : 'light'}
                        aria-pressed={current[field] === text}
                        style={{ flexShrink: 0 }}
                        aria-label={t('ads.useLabel', { text, field: fieldName(field) })}
                        onClick={() => pick(field, text)}
                      >
                        {t(field === 'cpiHeadline1' ? 'ads.useAs1' : 'ads.useAs2')}
                      </Button>
                    ))}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {data && data.descriptions.length > 0 && (
          <Stack gap="xs">
            <Title order={4} fz="sm">
              {t('ads.descriptions')}
            </Title>
            {data.descriptions.map((text) => (
              <Paper key={text} withBorder radius="md" px="sm" py={6} data-testid="cpi-suggested-description">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm">{text}</Text>
                  <Button
                    size="compact-xs"
                    variant={current.cpiAdAssets === text ? 'filled' : 'light'}
                    aria-pressed={current.cpiAdAssets === text}
                    style={{ flexShrink: 0 }}
                    aria-label={t('ads.useLabel', { text, field: fieldName('cpiAdAssets') })}
                    onClick={() => pick('cpiAdAssets', text)}
                  >
                    {t('ads.use')}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {data?.text && (
          <Spoiler maxHeight={60} showLabel="…" hideLabel="↑">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              <Text span fw={600} size="xs">
                {t('ads.listing')}:{' '}
              </Text>
              {data.text}
            </Text>
          </Spoiler>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="cpi-suggestions-close">
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
