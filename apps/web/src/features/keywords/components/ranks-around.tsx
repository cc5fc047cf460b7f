import '@mantine/charts/styles.css';
import { Sparkline } from '@mantine/charts';
import { Alert, Badge, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { RankedApp } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import { ranksAroundQueryOptions, type ChartPeriod } from '../api/keywords';
import { fullDay } from './rank';

/** One app of the store's results: its place that day, who it is, and its places over the period. */
function RankedAppRow({ app }: { app: RankedApp }) {
  const { t } = useTranslation('app');
  const places = app.history.map((day) => day.rank);
  const best = Math.min(...places);
  return (
    <Table.Tr
      data-testid="ranked-app"
      data-own={app.own || undefined}
      bg={app.own ? 'var(--mantine-primary-color-light)' : undefined}
    >
      <Table.Td>
        <Text size="sm" fw={700}>
          #{app.position}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} lineClamp={1}>
          {app.title}{' '}
          {app.own && (
            <Badge size="xs" variant="light">
              {t('keywords.around.own')}
            </Badge>
          )}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {app.developer}
        </Text>
      </Table.Td>
      <Table.Td>
        {places.length > 1 ? (
          // Higher is better: a place is drawn as 251 minus it.
          <Sparkline
            w={120}
            h={28}
            data={places.map((place) => 251 - place)}
            curveType="linear"
            fillOpacity={0.2}
            aria-hidden
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {t('keywords.around.history', { count: places.length, best })}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Who ranks for the keyword in its store and country: the store's top 10 on the newest day checked and,
 * when the app ranks lower, the apps just above and below it, each with its places over the period.
 */
export function RanksAround({ id, period }: { id: number; period: ChartPeriod }) {
  const { t } = useTranslation('app');
  const query = useQuery(ranksAroundQueryOptions(id, period));
  const header = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th w={64}>{t('keywords.around.position')}</Table.Th>
        <Table.Th>{t('keywords.around.app')}</Table.Th>
        <Table.Th w={150}>{t('keywords.around.places')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
  let body;
  if (query.error) {
    body = (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorText(query.error)}
      </Alert>
    );
  } else if (!query.data) {
    body = (
      <Center h={120}>
        <Loader aria-label={t('keywords.around.loading')} />
      </Center>
    );
  } else if (query.data.data.day === null) {
    body = (
      <Text size="sm" c="dimmed">
        {t('keywords.around.empty')}
      </Text>
    );
  } else {
    const { day, top, around } = query.data.data;
    body = (
      <>
        <Text size="sm" c="dimmed">
          {t('keywords.around.day', { day: fullDay(day) })}
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} data-testid="ranks-around-top" aria-label={t('keywords.around.top')}>
            {header}
            <Table.Tbody>
              {top.map((app) => (
                <RankedAppRow key={app.position} app={app} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {around.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table
              verticalSpacing={4}
              data-testid="ranks-around-app"
              aria-label={t('keywords.around.neighbours')}
            >
              {header}
              <Table.Tbody>
                {around.map((app) => (
                  <RankedAppRow key={app.position} app={app} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </>
    );
  }
  return (
    <Stack gap="xs" data-testid="ranks-around">
      <Title order={3} size="h5">
        {t('keywords.around.title')}
      </Title>
      {body}
    </Stack>
  );
}
