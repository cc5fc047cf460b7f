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
  const rowProps = { current, onPick };
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
        {data && (
          <>
            <SuggestionGroup
              title={t('ads.headlines')}
              texts={data.headlines}
              fields={['cpiHeadline1', 'cpiHeadline2']}
              testId="cpi-suggested-headline"
              {...rowProps}
            />
            <SuggestionGroup
              title={t('ads.descriptions')}
              texts={data.descriptions}
              fields={['cpiAdAssets']}
              testId="cpi-suggested-description"
              {...rowProps}
            />
          </>
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

/** What a field is called in a button's name, and the button's own label. */
const FIELD_KEYS = {
  cpiHeadline1: { name: 'ads.headline1', use: 'ads.useAs1' },
  cpiHeadline2: { name: 'ads.headline2', use: 'ads.useAs2' },
  cpiAdAssets: { name: 'ads.description', use: 'ads.use' },
} as const;

/** A list of suggested texts under a heading (none when empty), each with a button per field it can fill,
 * pressed while the field holds it. */
function SuggestionGroup({
  title,
  texts,
  fields,
  testId,
  current,
  onPick,
}: {
  title: string;
  texts: readonly string[];
  fields: readonly SuggestionField[];
  testId: string;
  current: Readonly<Record<SuggestionField, string>>;
  onPick: (field: SuggestionField, text: string) => void;
}) {
  const { t } = useTranslation('cpi');
  if (texts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4} fz="sm">
        {title}
      </Title>
      {texts.map((text) => (
        <Paper key={text} withBorder radius="md" px="sm" py={6} data-testid={testId}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{text}</Text>
            <Group gap={6} wrap="nowrap">
              {fields.map((field) => (
                <Button
                  key={field}
                  size="compact-xs"
                  variant={current[field] === text ? 'filled' : 'light'}
                  aria-pressed={current[field] === text}
                  style={{ flexShrink: 0 }}
                  aria-label={t('ads.useLabel', { text, field: t(FIELD_KEYS[field].name) })}
                  onClick={() => onPick(field, text)}
                >
                  {t(FIELD_KEYS[field].use)}
                </Button>
              ))}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
