import { useState } from 'react';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Input,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  IconBrandApple,
  IconBrandGooglePlay,
  IconCheck,
  IconLink,
  IconStarFilled,
} from '@tabler/icons-react';
import { APP_STORES, DEFAULTS, type AppStore, type StoreSearchItem } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { showFormError } from '../../../components/error-modal';
import { formatNumber, formatRating } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { readPackageInput, type AddAppValues } from '../api/add-app';
import { storeSearchQueryOptions, useAddApp } from '../api/apps';
import { useOpenings } from '../../../lib/use-openings';

const loadSchema = () => import('../api/add-app-schema').then((m) => m.addAppFormSchema);

/** How long typing pauses before the store is searched. */
const SEARCH_DEBOUNCE_MS = 400;

const initialValues = (): AddAppValues => ({
  appstore: APP_STORES.GOOGLE_PLAY,
  country: DEFAULTS.country,
  package: '',
});

function SearchResult({
  item,
  selected,
  onPick,
}: {
  item: StoreSearchItem;
  selected: boolean;
  onPick: (item: StoreSearchItem) => void;
}) {
  const { t } = useTranslation('app');
  return (
    <UnstyledButton
      onClick={() => onPick(item)}
      disabled={!item.is_free}
      aria-pressed={selected}
      data-testid="store-search-result"
      p="xs"
      w="100%"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: selected ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: item.is_free ? 1 : 0.6,
        cursor: item.is_free ? 'pointer' : 'not-allowed',
      }}
    >
      <Group wrap="nowrap" gap="sm">
        <Avatar src={item.icon} alt="" size={40} radius="md" />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {item.developer} · {item.package}
          </Text>
          <Group gap={4} wrap="nowrap">
            <IconStarFilled size={11} color="var(--mantine-color-yellow-6)" />
            <Text size="xs">{formatRating(item.rating)}</Text>
            <Text size="xs" c="dimmed">
              · {formatNumber(item.votes)}
            </Text>
          </Group>
        </Stack>
        {!item.is_free && (
          <Badge color="orange" variant="light" size="sm">
            {t('addApp.paid')}
          </Badge>
        )}
        {item.added && (
          <Badge color="gray" variant="light" size="sm">
            {t('addApp.added')}
          </Badge>
        )}
        {selected && <IconCheck size={18} color="var(--mantine-primary-color-filled)" />}
      </Group>
    </UnstyledButton>
  );
}

/**
 * Adds an app: the store, the country and an id, a pasted store link (which fills the store and the
 * country in) or a name, with the store's results to pick from (customer-area §2, §5).
 */
export function AddAppModal({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const { t } = useTranslation('app');
  const narrow = useMediaQuery('(max-width: 36em)');
  const openings = useOpenings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('addApp.title')} size="lg" fullScreen={narrow} centered>
      <AddAppForm key={openings} active={opened} narrow={narrow} onClose={onClose} onAdded={onAdded} />
    </Modal>
  );
}

function AddAppForm({
  active,
  narrow,
  onClose,
  onAdded,
}: {
  active: boolean;
  narrow: boolean;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const { t } = useTranslation('app');
  const form = useSchemaForm<AddAppValues>(loadSchema, initialValues());
  const addApp = useAddApp();
  const { appstore, country } = form.values;
  const text = form.values.package.trim();
  const input = readPackageInput(text, { appstore, country });
  const [keyword] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...storeSearchQueryOptions({ appstore, country, keyword }),
    enabled: active && keyword.length >= 2,
  });
  const results = keyword.length >= 2 ? (search.data?.data ?? []) : [];
  const pickedId = input.link?.packageId;
  /*
   * While a name is being typed it is a search, not a wrong id: the id rule's message waits for a
   * submit (or a server answer), then shows until the text changes.
   */
  const [attempted, setAttempted] = useState(false);
  const packageProps = form.getInputProps('package');

  const onPackageChange = (value: string) => {
    setAttempted(false);
    form.setFieldValue('package', value);
    // A pasted link or an id says its store, and a link its country: fill them in.
    const next = readPackageInput(value, form.values);
    if (next.link && next.appstore !== form.values.appstore) form.setFieldValue('appstore', next.appstore);
    if (next.link && next.country !== form.values.country) form.setFieldValue('country', next.country);
  };

  const pick = (item: StoreSearchItem) => {
    setAttempted(false);
    form.setFieldValue('package', item.package);
    form.setFieldError('package', undefined);
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await addApp.mutateAsync({ ...values, package: values.package.trim() });
      notifySuccess(translateMessage(message ?? ''));
      onAdded?.();
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });

  const storeLabel = (value: AppStore) =>
    value === APP_STORES.GOOGLE_PLAY ? t('stores.googlePlay') : t('stores.appStore');

  return (
    <form
      onSubmit={(event) => {
        setAttempted(true);
        submit(event);
      }}
      {...form.formProps}
    >
      <Stack gap="md">
        <Input.Wrapper label={t('addApp.store')}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={String(appstore)}
            onChange={(value) => form.setFieldValue('appstore', Number(value) as AppStore)}
            data={[APP_STORES.GOOGLE_PLAY, APP_STORES.APP_STORE].map((value) => ({
              value: String(value),
              label: (
                <Group gap={6} justify="center" wrap="nowrap">
                  {value === APP_STORES.GOOGLE_PLAY ? (
                    <IconBrandGooglePlay size={16} stroke={1.7} />
                  ) : (
                    <IconBrandApple size={16} stroke={1.7} />
                  )}
                  <span>{storeLabel(value)}</span>
                </Group>
              ),
            }))}
          />
        </Input.Wrapper>
        <CountrySelect
          label={t('addApp.country')}
          value={country}
          onChange={(code) => form.setFieldValue('country', code)}
          error={form.getInputProps('country').error}
        />
        <TextInput
          label={t('addApp.query')}
          description={t('addApp.hint')}
          placeholder={
            appstore === APP_STORES.GOOGLE_PLAY
              ? t('addApp.placeholderGooglePlay')
              : t('addApp.placeholderAppStore')
          }
          data-autofocus
          autoComplete="off"
          rightSection={search.isFetching ? <Loader size={16} /> : undefined}
          {...packageProps}
          error={attempted ? packageProps.error : undefined}
          onChange={(event) => onPackageChange(event.currentTarget.value)}
        />
        {input.link && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconLink size={14} style={{ flexShrink: 0 }} />
            <Text size="xs" data-testid="link-recognized">
              {t('addApp.linkRecognized', {
                id: input.link.packageId,
                store: storeLabel(input.link.appstore),
                country: input.link.country ?? country,
              })}
            </Text>
          </Group>
        )}

        {keyword.length >= 2 && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t('addApp.results')}
            </Text>
            {results.length === 0 ? (
              <Text size="sm" c="dimmed">
                {search.isFetching ? t('addApp.searching') : t('addApp.noResults')}
              </Text>
            ) : (
              <Box mah={narrow ? undefined : 300} style={{ overflowY: 'auto', overflowX: 'hidden' }} pr={2}>
                <Stack gap={6}>
                  {results.map((item) => (
                    <SearchResult
                      key={`${item.appstore}:${item.package}`}
                      item={item}
                      selected={item.package === pickedId}
                      onPick={pick}
                    />
                  ))}
                </Stack>
              </Box>
            )}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('addApp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
