import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconTrendingUp } from '@tabler/icons-react';
import type { ImpactRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { placesText, rankText } from '../../../lib/rank-text';
import {
  exportImpactStatistics,
  impactStatisticsQueryOptions,
  type StatisticsParams,
} from '../api/statistics';
import { Section } from './statistics-parts';

const PAGE_SIZE = 10;

/**
 * What the period's keyword-installs campaigns did to their keywords' ranks, a row per campaign and keyword
 * (docs/impact.md), with the caveat, the keyword's movement a month earlier and a CSV export.
 */
export function StatisticsImpact({ params }: { params: StatisticsParams }) {
  const { t } = useTranslation('statistics');
  const [page, setPage] = useState(1);
  const key = JSON.stringify(params);
  const [previousKey, setPreviousKey] = useState(key);
  if (previousKey !== key) {
    setPreviousKey(key);
    setPage(1);
  }
  const { data, isFetching, error } = useQuery(
    impactStatisticsQueryOptions({ ...params, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 160 },
  );
  return (
    <Section
      title={t('impact.title')}
      actions={
        <ExportButton
          size="xs"
          run={() => exportImpactStatistics(params)}
          label={t('impact.export')}
          testId="statistics-impact-export"
          disabled={!data?.data.length}
        />
      }
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="statistics-impact-caveat">
          {t('impact.caveat')}
        </Text>
        <ListError error={error} />
        <DataTable<ImpactRow>
          {...pagedProps}
          idAccessor={(row) => `${row.campaign_id}-${row.keyword}`}
          noRecordsIcon={<IconTrendingUp size={28} stroke={1.4} />}
          noRecordsText={t('impact.empty')}
          data-testid="statistics-impact-table"
          // Wider than a narrow screen: the scroller takes focus, so the keyboard scrolls it (axe: scrollable-region-focusable).
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('impact.title') },
          }}
          columns={[
            {
              accessor: 'campaign_id',
              title: t('columns.campaign'),
              render: (row) => `#${row.campaign_id} · ${formatDate(row.start)}`,
            },
            { accessor: 'keyword', title: t('columns.keyword') },
            { accessor: 'country', title: t('columns.country') },
            {
              accessor: 'before',
              title: t('impact.before'),
              textAlign: 'right',
              render: (row) => rankText(row.before.average),
            },
            {
              accessor: 'compared_with',
              title: t('impact.after'),
              textAlign: 'right',
              render: (row) =>
                row.compared_with === 'after'
                  ? rankText(row.after?.average)
                  : t('impact.duringValue', { rank: rankText(row.during.average) }),
            },
            {
              accessor: 'places_gained',
              title: t('impact.gained'),
              textAlign: 'right',
              render: (row) => placesText(row.places_gained),
            },
            {
              accessor: 'best',
              title: t('impact.best'),
              textAlign: 'right',
              render: (row) => (row.best ? String(row.best.rank) : '—'),
            },
            {
              accessor: 'per_place',
              title: t('impact.perPlace'),
              textAlign: 'right',
              render: (row) => (row.per_place === null ? '—' : formatMoney(row.per_place)),
            },
            {
              accessor: 'baseline',
              title: t('impact.monthEarlier'),
              textAlign: 'right',
              render: (row) => placesText(row.baseline?.places_gained),
            },
          ]}
        />
      </Stack>
    </Section>
  );
}
