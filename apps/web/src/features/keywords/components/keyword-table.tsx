import {
  ActionIcon,
  Badge,
  ColorSwatch,
  Group,
  Progress,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChartLine, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import type { Keyword, KeywordSort } from '@storelift/shared';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { rankChange, rankDisplay } from './rank';

/** Table columns that sort, and the server's `sortBy` for each. */
export const SORT_BY_COLUMN: Readonly<Record<string, KeywordSort>> = {
  favorite: 'favorite',
  keyword: 'keyword',
  rank: 'rank',
  score: 'score',
  searches: 'searches',
  last_update: 'updated',
};

/** The server's default direction per column: high scores, searches, favorites, recent updates first. */
export function defaultDirection(column: string): 'asc' | 'desc' {
  return ['score', 'searches', 'favorite', 'last_update'].includes(column) ? 'desc' : 'asc';
}

function RankCell({ keyword }: { keyword: Keyword }) {
  const { t } = useTranslation('app');
  const display = rankDisplay(keyword);
  if (display.kind === 'state') {
    return (
      <Text size="sm" c={display.state === 'error' ? 'red' : 'dimmed'} fs="italic" data-testid="keyword-rank">
        {t(`keywords.rankState.${display.state}`)}
      </Text>
    );
  }
  const change = rankChange(keyword.change);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={700} data-testid="keyword-rank">
        {display.rank}
      </Text>
      {change && (
        <Tooltip
          label={t(change.direction === 'up' ? 'keywords.change.up' : 'keywords.change.down', {
            places: change.places,
          })}
          withArrow
        >
          <Text
            size="xs"
            fw={600}
            c={change.color}
            aria-label={t(change.direction === 'up' ? 'keywords.change.up' : 'keywords.change.down', {
              places: change.places,
            })}
          >
            {change.text}
          </Text>
        </Tooltip>
      )}
    </Group>
  );
}

function ScoreCell({ score }: { score: number | null }) {
  if (score === null)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  const color = score >= 70 ? 'teal' : score >= 40 ? 'yellow' : 'gray';
  return (
    <Group gap={8} wrap="nowrap">
      <Text size="sm" w={24} ta="right">
        {score}
      </Text>
      <Progress value={score} color={color} size="sm" w={48} aria-hidden />
    </Group>
  );
}

/** The keywords of one app and country: server-side paging and sorting, selection across pages. */
export function KeywordTable({
  records,
  total,
  page,
  pageSize,
  fetching,
  sortStatus,
  selected,
  chartColors,
  emptyState,
  togglingId,
  onPageChange,
  onSortStatusChange,
  onSelectedChange,
  onToggleFavorite,
  onOpenChart,
  onDelete,
}: {
  records: readonly Keyword[];
  total: number;
  page: number;
  pageSize: number;
  fetching: boolean;
  sortStatus: DataTableSortStatus<Keyword>;
  selected: ReadonlySet<number>;
  /** The line colour (CSS) of each keyword a comparison would chart (`chartedIds`), shown beside it. */
  chartColors: ReadonlyMap<number, string>;
  emptyState: ReactNode;
  togglingId: number | null;
  onPageChange: (page: number) => void;
  onSortStatusChange: (status: DataTableSortStatus<Keyword>) => void;
  onSelectedChange: (selectedOnPage: Keyword[]) => void;
  onToggleFavorite: (keyword: Keyword) => void;
  onOpenChart: (keyword: Keyword) => void;
  onDelete: (keyword: Keyword) => void;
}) {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();

  return (
    <DataTable<Keyword>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="xs"
      minHeight={records.length ? undefined : 260}
      records={[...records]}
      fetching={fetching}
      idAccessor="id"
      totalRecords={total}
      recordsPerPage={pageSize}
      page={page}
      onPageChange={onPageChange}
      sortStatus={sortStatus}
      onSortStatusChange={onSortStatusChange}
      selectedRecords={records.filter((keyword) => selected.has(keyword.id))}
      onSelectedRecordsChange={onSelectedChange}
      allRecordsSelectionCheckboxProps={{ 'aria-label': t('keywords.selection.page') }}
      getRecordSelectionCheckboxProps={(keyword) => ({
        'aria-label': t('keywords.selection.one', { keyword: keyword.keyword }),
      })}
      onRowClick={({ record, event }) => {
        // Clicks on the row's own controls do their own thing.
        if ((event.target as HTMLElement).closest('button, a, input, label')) return;
        onOpenChart(record);
      }}
      rowStyle={() => ({ cursor: 'pointer' })}
      emptyState={records.length === 0 && !fetching ? emptyState : undefined}
      loadingText={tr('common.loading')}
      paginationText={({ from, to, totalRecords }) => t('table.range', { from, to, total: totalRecords })}
      getPaginationControlProps={(control) =>
        control === 'previous' ? { 'aria-label': t('table.previous') } : { 'aria-label': t('table.next') }
      }
      data-testid="keyword-table"
      columns={[
        {
          accessor: 'favorite',
          title: (
            <Tooltip label={t('keywords.columns.favorite')} withArrow>
              <IconStar size={16} stroke={1.6} aria-label={t('keywords.columns.favorite')} />
            </Tooltip>
          ),
          sortable: true,
          width: 56,
          textAlign: 'center',
          render: (keyword) => {
            const label = keyword.favorite ? t('keywords.unfavorite') : t('keywords.favorite');
            return (
              <ActionIcon
                variant="subtle"
                color={keyword.favorite ? 'yellow' : 'gray'}
                aria-label={label}
                aria-pressed={keyword.favorite}
                loading={togglingId === keyword.id}
                onClick={() => onToggleFavorite(keyword)}
              >
                {keyword.favorite ? <IconStarFilled size={18} /> : <IconStar size={18} stroke={1.6} />}
              </ActionIcon>
            );
          },
        },
        {
          accessor: 'keyword',
          title: t('keywords.columns.keyword'),
          sortable: true,
          render: (keyword) => (
            <Group gap={6} wrap="nowrap">
              {chartColors.has(keyword.id) && (
                <ColorSwatch
                  size={10}
                  color={chartColors.get(keyword.id)!}
                  data-testid="keyword-line-color"
                  aria-hidden
                />
              )}
              <UnstyledButton onClick={() => onOpenChart(keyword)} title={t('keywords.chart.open')}>
                <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }} data-testid="keyword-text">
                  {keyword.keyword}
                </Text>
              </UnstyledButton>
            </Group>
          ),
        },
        {
          accessor: 'rank',
          title: t('keywords.columns.rank'),
          sortable: true,
          noWrap: true,
          render: (keyword) => <RankCell keyword={keyword} />,
        },
        {
          accessor: 'score',
          title: t('keywords.columns.score'),
          sortable: true,
          noWrap: true,
          render: (keyword) => <ScoreCell score={keyword.score} />,
        },
        {
          accessor: 'searches',
          title: t('keywords.columns.searches'),
          sortable: true,
          noWrap: true,
          textAlign: 'right',
          render: (keyword) =>
            keyword.searches === null ? (
              <Text size="sm" c="dimmed">
                –
              </Text>
            ) : (
              formatNumber(keyword.searches)
            ),
        },
        {
          accessor: 'last_update',
          title: t('keywords.columns.updated'),
          sortable: true,
          noWrap: true,
          render: (keyword) =>
            keyword.last_update ? (
              formatDateTime(keyword.last_update)
            ) : (
              <Badge variant="light" color="gray" size="sm">
                {t('keywords.rankState.not_checked')}
              </Badge>
            ),
        },
        {
          accessor: 'actions',
          title: '',
          width: 88,
          textAlign: 'right',
          render: (keyword) => (
            <Group gap={2} justify="flex-end" wrap="nowrap">
              <Tooltip label={t('keywords.chart.open')} withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('keywords.chart.openOf', { keyword: keyword.keyword })}
                  onClick={() => onOpenChart(keyword)}
                >
                  <IconChartLine size={18} stroke={1.6} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('keywords.deleteOne.title')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('keywords.deleteOne.of', { keyword: keyword.keyword })}
                  onClick={() => onDelete(keyword)}
                >
                  <IconTrash size={18} stroke={1.6} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ),
        },
      ]}
    />
  );
}
