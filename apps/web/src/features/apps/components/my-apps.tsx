import { useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconApps, IconArrowsSort, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { APP_SORTS, LIMITS, STORE_FILTERS, type App, type AppSort } from '@storelift/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ListError } from '../../../components/paged-table';
import { mergeAppPages } from '../api/app-lists';
import {
  appsListQueryOptions,
  useDeleteApp,
  useDeleteBannedApps,
  useToggleFavorite,
  type AppsFilter,
  type AppsListParams,
  type AppsStoreFilter,
} from '../api/apps';
import { AddAppModal } from './add-app-modal';
import { AppCard, AppCardSkeleton } from './app-card';

type StoreTab = 'all' | AppsStoreFilter;
const STORE_TABS: readonly StoreTab[] = ['all', 'android', 'ios'];

/** How long typing pauses before the list is searched. */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * The My apps page (customer-area §2): filters all / favorites / banned and Android / iOS with their
 * counts, sorts (banned apps always last, the server sees to it), search, favorite toggle, add, delete
 * and delete all banned, an empty state and skeletons while loading.
 */
export function MyApps({
  initialSearch = '',
  openAddModal = false,
  onAddModalClosed,
}: {
  initialSearch?: string;
  openAddModal?: boolean;
  /** The add-app modal closed (the page drops `?openModal=` then). */
  onAddModalClosed?: () => void;
}) {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();
  const [filter, setFilter] = useState<AppsFilter>('all');
  const [store, setStore] = useState<StoreTab>('all');
  const [sortBy, setSortBy] = useState<AppSort>('created_at');
  const [search, setSearch] = useState(initialSearch);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  /*
   * Page sizes of customer-area §9, "full apps list 10 initially and 12 after reset": the list opens
   * with pages of 10; once the user resets it (a new filter, store, sort or search starts it again from
   * the top) it pages by 12, which fills the two-, three- and four-column grids evenly.
   */
  const [pageSize, setPageSize] = useState<number>(LIMITS.pageSize);
  const [previous, setPrevious] = useState({ filter, store, sortBy, debouncedSearch });
  if (
    previous.filter !== filter ||
    previous.store !== store ||
    previous.sortBy !== sortBy ||
    previous.debouncedSearch !== debouncedSearch
  ) {
    setPrevious({ filter, store, sortBy, debouncedSearch });
    setPageSize(LIMITS.appsPageSizeAfterReset);
  }

  const params: AppsListParams = {
    filter,
    appstore: store === 'all' ? undefined : store,
    search: debouncedSearch || undefined,
    sortBy,
    limit: pageSize,
  };
  const list = useInfiniteQuery(appsListQueryOptions(params));
  const pages = list.data?.pages ?? [];
  const apps = mergeAppPages(pages);
  const first = pages[0];
  const counts = first?.counts;
  const total = first?.count ?? 0;

  const [adding, setAdding] = useState(openAddModal);
  const [deleting, setDeleting] = useState<App | null>(null);
  const [deletingBanned, setDeletingBanned] = useState(false);
  const toggleFavorite = useToggleFavorite();
  const deleteApp = useDeleteApp();
  const deleteBanned = useDeleteBannedApps();

  const noAppsAtAll = counts?.all === 0;
  const loadingFirst = list.isPending;

  const filterLabel = (value: AppsFilter) =>
    `${t(`apps.filters.${value}`)}${counts ? ` · ${counts[value]}` : ''}`;
  const storeLabel = (value: StoreTab) =>
    value === 'all'
      ? t('apps.storeFilter.all')
      : `${t(`apps.storeFilter.${value}`)}${counts ? ` · ${counts[value]}` : ''}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('apps.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('apps.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
          {t('apps.add')}
        </Button>
      </Group>

      {!noAppsAtAll && (
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('apps.filters.label')}
              value={filter}
              onChange={(value) => setFilter(value as AppsFilter)}
              data={STORE_FILTERS.map((value) => ({ value, label: filterLabel(value) }))}
            />
            <SegmentedControl
              aria-label={t('apps.storeFilter.label')}
              value={store}
              onChange={(value) => setStore(value as StoreTab)}
              data={STORE_TABS.map((value) => ({ value, label: storeLabel(value) }))}
            />
          </Group>
          <Group gap="sm" wrap="wrap" align="flex-end">
            <TextInput
              aria-label={tr('common.search')}
              placeholder={t('apps.searchPlaceholder')}
              leftSection={<IconSearch size={16} stroke={1.6} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              style={{ flex: '1 1 240px' }}
              maw={420}
            />
            <Select
              aria-label={t('apps.sort.label')}
              leftSection={<IconArrowsSort size={16} stroke={1.6} />}
              value={sortBy}
              onChange={(value) => value && setSortBy(value as AppSort)}
              allowDeselect={false}
              data={APP_SORTS.map((value) => ({ value, label: t(`apps.sort.${value}`) }))}
              w={{ base: '100%', xs: 240 }}
            />
            {(counts?.ban ?? 0) > 0 && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeletingBanned(true)}
              >
                {t('apps.deleteBanned')}
              </Button>
            )}
          </Group>
        </Stack>
      )}

      {!list.isFetching && <ListError error={list.error} onRetry={() => void list.refetch()} />}

      {loadingFirst && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <AppCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      )}

      {noAppsAtAll && (
        <Card withBorder radius="lg" padding="xl" data-testid="apps-empty">
          <EmptyState
            variant="light"
            icon={<IconApps size={28} stroke={1.5} />}
            title={t('apps.empty.title')}
            description={t('apps.empty.text')}
            py="lg"
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
                {t('apps.add')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}

      {!loadingFirst && !noAppsAtAll && apps.length === 0 && !list.error && (
        <Card withBorder radius="lg" padding="xl">
          <EmptyState icon={<IconSearch size={28} stroke={1.5} />} title={t('apps.noMatches')} py="md" />
        </Card>
      )}

      {apps.length > 0 && (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, xl: 3 }}
            spacing="md"
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          >
            {apps.map((app) => (
              <AppCard
                key={app.uuid}
                app={app}
                togglingFavorite={toggleFavorite.isPending && toggleFavorite.variables?.id === app.id}
                onToggleFavorite={(target) => toggleFavorite.mutate(target)}
                onDelete={setDeleting}
              />
            ))}
          </SimpleGrid>
          <Group justify="center" gap="md">
            <Text size="sm" c="dimmed">
              {t('apps.shown', { shown: apps.length, total })}
            </Text>
            {list.hasNextPage && (
              <Button
                variant="default"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('apps.showMore')}
              </Button>
            )}
          </Group>
        </>
      )}

      <AddAppModal
        opened={adding}
        onClose={() => {
          setAdding(false);
          onAddModalClosed?.();
        }}
      />

      <ConfirmModal
        opened={deleting !== null}
        title={t('apps.deleteTitle')}
        confirmLabel={t('actions.delete')}
        loading={deleteApp.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && deleteApp.mutate(deleting, { onSettled: () => setDeleting(null) })}
      >
        {t('apps.deleteText', { title: deleting?.title ?? '' })}
      </ConfirmModal>

      <ConfirmModal
        opened={deletingBanned}
        title={t('apps.deleteBannedTitle')}
        confirmLabel={t('actions.delete')}
        loading={deleteBanned.isPending}
        onClose={() => setDeletingBanned(false)}
        onConfirm={() => deleteBanned.mutate(undefined, { onSettled: () => setDeletingBanned(false) })}
      >
        {t('apps.deleteBannedText', { count: counts?.ban ?? 0 })}
      </ConfirmModal>
    </Stack>
  );
}
