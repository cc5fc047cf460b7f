import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  EmptyState,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartLine,
  IconCopy,
  IconKey,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { LIMITS, type Keyword, type RankUpdate } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import type { DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { errorText, messageText } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  keywordListQueryOptions,
  useDeleteKeywords,
  useInvalidateKeywords,
  useToggleKeyword,
  type KeywordScope,
} from '../api/keywords';
import { useRankUpdate } from '../hooks/use-rank-update';
import { AddKeyword, useKeywordAdder } from './add-keyword';
import { CloneKeywordsModal, type CloneApp } from './clone-keywords-modal';
import { defaultDirection, KeywordTable, SORT_BY_COLUMN } from './keyword-table';
import { RankChartModal, type ChartRequest } from './rank-chart-modal';
import { chartedIds, seriesColorVar } from './rank';
import { RecommendedKeywords } from './recommended-keywords';
import { keepExisting, mergePageSelection } from './selection';

const PAGE_SIZE = LIMITS.pageSize;

/**
 * The Keywords page for one app and country (customer-area §2): add by Enter with suggestions and
 * recommended keywords, the table (server-side paging and sorting, favorites filter, selection across
 * pages with "select all"), bulk delete, clone, update all ranks with progress, and the rank charts.
 */
export function KeywordsWorkspace({ scope, apps }: { scope: KeywordScope; apps: readonly CloneApp[] }) {
  const { t } = useTranslation('app');
  const [favoriteOnly, setFavoriteOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Keyword>>({
    columnAccessor: 'rank',
    direction: 'asc',
  });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [chart, setChart] = useState<ChartRequest | null>(null);
  const [deleting, setDeleting] = useState<readonly number[] | null>(null);
  const [cloning, setCloning] = useState(false);

  const sortBy = SORT_BY_COLUMN[String(sortStatus.columnAccessor)] ?? 'rank';
  const list = useQuery(
    keywordListQueryOptions({
      ...scope,
      page,
      limit: PAGE_SIZE,
      sortBy,
      sortType: sortStatus.direction,
      favorite: favoriteOnly || undefined,
    }),
  );
  const data = list.data;
  const arIds = data?.arIds;

  // After a delete the last page may be gone, and selected keywords with it.
  if (data && page > Math.max(1, data.meta.last_page)) setPage(Math.max(1, data.meta.last_page));
  if (arIds && !list.isPlaceholderData && [...selected].some((id) => !arIds.includes(id)))
    setSelected(keepExisting(selected, arIds));

  const adder = useKeywordAdder(scope);
  const toggle = useToggleKeyword();
  const remove = useDeleteKeywords();
  const invalidate = useInvalidateKeywords();
  const update = useRankUpdate(scope, (run: RankUpdate) => {
    void invalidate();
    if (run.status === 'done' && run.failed === 0) notifySuccess(t('keywords.update.done'));
    else notifyError(t('keywords.update.failed', { failed: run.failed || run.total - run.done }));
  });

  const changeFilter = (value: string) => {
    setFavoriteOnly(value === 'favorites');
    setPage(1);
  };

  const progress = update.progress;
  const allCount = data?.allCount ?? 0;
  const noKeywords = data !== undefined && allCount === 0;
  const selectionCount = selected.size;
  const needSelection = messageText('keywordsNotSelected');

  const emptyState = (
    <EmptyState
      icon={<IconKey size={28} stroke={1.5} />}
      title={noKeywords ? t('keywords.empty.title') : t('keywords.empty.noFavorites')}
      description={noKeywords ? t('keywords.empty.text') : undefined}
      py="lg"
      data-testid="keywords-empty"
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <AddKeyword scope={scope} adder={adder} />
        <RecommendedKeywords scope={scope} adder={adder} />
      </SimpleGrid>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label={t('keywords.filter.label')}
          value={favoriteOnly ? 'favorites' : 'all'}
          onChange={changeFilter}
          data={[
            { value: 'all', label: `${t('keywords.filter.all')} · ${allCount}` },
            { value: 'favorites', label: `${t('keywords.filter.favorites')} · ${data?.favCount ?? 0}` },
          ]}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={() => setCloning(true)}
            disabled={allCount === 0}
          >
            {t('keywords.clone.button')}
          </Button>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => void update.start()}
            loading={update.running}
            disabled={allCount === 0}
            data-testid="update-all-ranks"
          >
            {t('keywords.update.button')}
          </Button>
        </Group>
      </Group>

      {progress && (
        <Stack gap={4} data-testid="rank-update-progress" role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {t('keywords.update.progress', { done: progress.done, total: progress.total })}
            </Text>
            <Text size="sm" c="dimmed">
              {progress.total ? Math.round((progress.done / progress.total) * 100) : 0}%
            </Text>
          </Group>
          <Progress
            value={progress.total ? (progress.done / progress.total) * 100 : 0}
            animated
            striped
            size="lg"
            aria-label={t('keywords.update.button')}
          />
        </Stack>
      )}

      <Group
        gap="xs"
        wrap="wrap"
        p="xs"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background: selectionCount
            ? 'var(--mantine-primary-color-light)'
            : 'var(--mantine-color-default-hover)',
        }}
        data-testid="keyword-selection"
      >
        <Text size="sm" fw={500} px={4}>
          {t('keywords.selection.count', { count: selectionCount })}
        </Text>
        {arIds && selectionCount < arIds.length && (
          <Button size="compact-sm" variant="subtle" onClick={() => setSelected(new Set(arIds))}>
            {t('keywords.selection.all', { total: arIds.length })}
          </Button>
        )}
        {selectionCount > 0 && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={() => setSelected(new Set())}
          >
            {t('keywords.selection.clear')}
          </Button>
        )}
        <Group gap="xs" ml="auto" wrap="wrap">
          <Tooltip label={needSelection} disabled={selectionCount > 0} withArrow>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconChartLine size={14} />}
              disabled={selectionCount === 0}
              onClick={() => setChart({ kind: 'many', ids: [...selected] })}
            >
              {t('keywords.chart.compare')}
            </Button>
          </Tooltip>
          <Tooltip label={needSelection} disabled={selectionCount > 0} withArrow>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={selectionCount === 0}
              onClick={() => setDeleting([...selected])}
            >
              {t('keywords.deleteMany.button')}
            </Button>
          </Tooltip>
        </Group>
      </Group>

      {list.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(list.error)}
        </Alert>
      )}

      <KeywordTable
        records={data?.data ?? []}
        total={data?.meta.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        fetching={list.isFetching}
        sortStatus={sortStatus}
        selected={selected}
        chartColors={new Map(chartedIds(selected).map((id, index) => [id, seriesColorVar(index)]))}
        emptyState={emptyState}
        togglingId={toggle.isPending ? (toggle.variables ?? null) : null}
        onPageChange={setPage}
        onSortStatusChange={(next) => {
          setPage(1);
          setSortStatus(
            next.columnAccessor === sortStatus.columnAccessor
              ? next
              : { ...next, direction: defaultDirection(String(next.columnAccessor)) },
          );
        }}
        onSelectedChange={(onPage) =>
          setSelected(
            mergePageSelection(
              selected,
              (data?.data ?? []).map((keyword) => keyword.id),
              onPage.map((keyword) => keyword.id),
            ),
          )
        }
        onToggleFavorite={(keyword) => toggle.mutate(keyword.id)}
        onOpenChart={(keyword) => setChart({ kind: 'one', id: keyword.id, keyword: keyword.keyword })}
        onDelete={(keyword) => setDeleting([keyword.id])}
      />

      <RankChartModal request={chart} onClose={() => setChart(null)} />

      <ConfirmModal
        opened={deleting !== null}
        title={deleting?.length === 1 ? t('keywords.deleteOne.title') : t('keywords.deleteMany.title')}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () =>
              setSelected((current) => new Set([...current].filter((id) => !deleting.includes(id)))),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('keywords.deleteMany.text', { count: deleting?.length ?? 0 })}
      </ConfirmModal>

      <CloneKeywordsModal
        opened={cloning}
        onClose={() => setCloning(false)}
        scope={scope}
        apps={apps}
        count={allCount}
      />
    </Stack>
  );
}
