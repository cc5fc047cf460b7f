import 'mantine-datatable/styles.css';
import { Alert, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconInfoCircle, IconKey, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';
import { myAppsQueryOptions } from '../features/apps/api/apps';
import { StatisticsByCampaigns } from '../features/statistics/components/statistics-by-campaigns';
import { StatisticsByDate } from '../features/statistics/components/statistics-by-date';
import { StatisticsByKeyword } from '../features/statistics/components/statistics-by-keyword';
import { StatisticsFilters } from '../features/statistics/components/statistics-filters';
import { StatisticsImpact } from '../features/statistics/components/statistics-impact';
import {
  resolveParams,
  searchOf,
  statisticsSearch,
  type StatisticsSearch,
  type StatisticsTab,
} from '../features/statistics/components/statistics-search';

const route = getRouteApi('/app/statistics');

/**
 * /statistics (customer-area §2): by date, by keyword, by package / products / campaigns, for a period
 * and filters kept in the URL, with what keyword-installs campaigns did to the ranks under the keyword and
 * campaign tabs; the app picker lists the apps feature's tracked apps.
 */
export function StatisticsPage() {
  const { t } = useTranslation('statistics');
  const state = statisticsSearch(route.useSearch());
  const navigate = useNavigate();
  const apps = useQuery(myAppsQueryOptions());
  const resolved = resolveParams(state);

  const update = (patch: Partial<StatisticsSearch>) =>
    void navigate({ to: '/statistics', search: searchOf({ ...state, ...patch }), replace: true });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
        <Text c="dimmed" size="sm" mt={2} data-testid="statistics-time-zone">
          {t('timeZone')}
        </Text>
      </div>
      <StatisticsFilters state={state} resolved={resolved} apps={apps.data?.data ?? []} onChange={update} />
      <Tabs
        value={state.tab}
        onChange={(tab) => tab && update({ tab: tab as StatisticsTab })}
        keepMounted={false}
        variant="outline"
        radius="md"
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="date" leftSection={<IconCalendarStats size={16} />}>
            {t('tabs.date')}
          </Tabs.Tab>
          <Tabs.Tab value="keyword" leftSection={<IconKey size={16} />}>
            {t('tabs.keyword')}
          </Tabs.Tab>
          <Tabs.Tab value="campaigns" leftSection={<IconListDetails size={16} />}>
            {t('tabs.campaigns')}
          </Tabs.Tab>
        </Tabs.List>
        {resolved.ok ? (
          <>
            <Tabs.Panel value="date">
              <StatisticsByDate params={resolved.params} />
            </Tabs.Panel>
            <Tabs.Panel value="keyword">
              <Stack gap="lg">
                <StatisticsByKeyword params={resolved.params} />
                <StatisticsImpact params={resolved.params} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="campaigns">
              <Stack gap="lg">
                <StatisticsByCampaigns
                  params={resolved.params}
                  view={state.view}
                  onViewChange={(view) => update({ view })}
                />
                <StatisticsImpact params={resolved.params} />
              </Stack>
            </Tabs.Panel>
          </>
        ) : (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {resolved.reason === 'invalid' ? translateMessage(resolved.message) : t('filters.pickRange')}
          </Alert>
        )}
      </Tabs>
    </Stack>
  );
}
