import { lazy, Suspense } from 'react';
import {
  Alert,
  Badge,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import type { CpiReport as Report } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  countryName,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatSignedMoney,
} from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { ledgerDescription } from '../../../lib/ledger-description';
import { errorText } from '../../../lib/messages';
import { cpiReportQueryOptions } from '../api/cpi';
import { CpiAdPreview } from './cpi-ad-preview';
import { CpiCountryList } from './cpi-country-list';
import { CpiFigure } from './cpi-figure';
import { CpiFiguresTable, percentText } from './cpi-report-table';

const CpiReportChart = lazy(() => import('./cpi-report-chart').then((m) => ({ default: m.CpiReportChart })));

/** The review's colour: approved green, disapproved red, anything else (under review, limited) yellow. */
function reviewColor(status: string | null): string {
  if (status === 'APPROVED') return 'teal';
  if (status === 'DISAPPROVED') return 'red';
  return 'yellow';
}

/**
 * A CPI campaign as its ad network reported it (`GET campaigns/{id}/cpi-report`): totals with the actual
 * cost per install against the target, today's pacing, per day and per country figures, the ad with its
 * review, the targeted countries, the charges and the refund schedule.
 */
export function CpiReport({ campaignId, app }: { campaignId: number; app: { name: string; icon?: string } }) {
  const { t } = useTranslation('cpi');
  const { t: tMoney } = useTranslation('money');
  const report = useQuery(cpiReportQueryOptions(campaignId));
  const locale = currentLocale();
  if (report.error)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorText(report.error)}
      </Alert>
    );
  const data: Report | undefined = report.data;
  if (!data) return <Loader size="sm" aria-label={t('report.loading')} />;
  const { totals, pacing, ad } = data;

  return (
    <Stack gap="lg" data-testid="cpi-report">
      {ad.problem && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="cpi-report-problem"
        >
          {t(`report.problems.${ad.problem}`)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <CpiFigure label={t('report.spend')} value={formatMoney(totals.spend)} testId="cpi-report-spend" />
        <CpiFigure
          label={t('report.installs')}
          value={formatMoney(totals.installs, totals.installs.endsWith('.00') ? 0 : 2)}
          testId="cpi-report-installs"
        />
        <CpiFigure
          label={t('report.cpiVsTarget')}
          value={`${totals.cpi === null ? '—' : formatMoney(totals.cpi)} / ${formatMoney(data.target_cpi)}`}
          testId="cpi-report-cpi"
        />
        <CpiFigure
          label={t('report.impressions')}
          value={formatNumber(totals.impressions)}
          testId="cpi-report-impressions"
        />
        <CpiFigure label={t('report.ctr')} value={percentText(totals.ctr)} testId="cpi-report-ctr" />
        <CpiFigure
          label={t('report.conversionRate')}
          value={percentText(totals.conversion_rate)}
          testId="cpi-report-cvr"
        />
      </SimpleGrid>

      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {t('report.pacing', { date: formatDate(pacing.date) })}
          </Text>
          <Text size="sm" ff="monospace" data-testid="cpi-report-pacing">
            {t('report.pacingOf', {
              spent: formatMoney(pacing.spent),
              budget: formatMoney(pacing.daily_budget),
            })}
          </Text>
        </Group>
        <Progress
          value={Math.min(pacing.percent, 100)}
          color={pacing.percent >= 100 ? 'orange' : 'teal'}
          aria-label={t('report.pacingLabel', { percent: pacing.percent })}
        />
      </Stack>

      <Title order={4}>{t('report.performance')}</Title>
      {data.days.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="cpi-report-empty">
          <IconClockHour4 size={14} aria-hidden /> {t('report.empty')}
        </Text>
      ) : (
        <>
          <Suspense fallback={<Loader size="sm" />}>
            <CpiReportChart
              days={data.days}
              labels={{ installs: t('report.installs'), spend: t('report.spend') }}
            />
          </Suspense>
          <Tabs defaultValue="days" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="days" data-testid="cpi-report-tab-days">
                {t('report.byDay')}
              </Tabs.Tab>
              <Tabs.Tab value="countries" data-testid="cpi-report-tab-countries">
                {t('report.byCountry')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="days" pt="sm">
              <CpiFiguresTable
                rows={[...data.days].reverse()}
                name={t('report.byDay')}
                label={t('report.date')}
                first={(row) => formatDate(row.date)}
                rowKey={(row) => row.date}
                targetCpi={data.target_cpi}
                testId="cpi-report-days"
              />
            </Tabs.Panel>
            <Tabs.Panel value="countries" pt="sm">
              <CpiFiguresTable
                rows={data.by_country}
                name={t('report.byCountry')}
                label={t('report.country')}
                first={(row) => (row.country ? countryName(row.country, locale) : t('report.unknownCountry'))}
                rowKey={(row) => row.country || 'unknown'}
                targetCpi={data.target_cpi}
                testId="cpi-report-countries"
              />
            </Tabs.Panel>
          </Tabs>
          {data.reported_at && (
            <Text size="xs" c="dimmed">
              {t('report.reportedAt', { time: formatDateTime(data.reported_at) })}
            </Text>
          )}
        </>
      )}

      <Title order={4}>{t('report.ad')}</Title>
      <Group gap="xs" data-testid="cpi-report-review">
        <Text size="sm">{t('report.review')}</Text>
        <Badge color={reviewColor(ad.approval_status)} variant="light">
          {ad.approval_status
            ? t(`report.approval.${ad.approval_status}`, { defaultValue: ad.approval_status })
            : t('report.notReviewed')}
        </Badge>
        {ad.policy_topics.map((topic) => (
          <Badge key={topic} variant="outline" color="gray" radius="sm">
            {topic}
          </Badge>
        ))}
      </Group>
      <CpiAdPreview
        appName={app.name}
        appIcon={app.icon}
        headline1={ad.headline1}
        headline2={ad.headline2}
        description={ad.description}
        testId="cpi-report-ad"
      />

      <Title order={4}>{t('report.countries', { count: data.countries.length })}</Title>
      <CpiCountryList codes={data.countries} testId="cpi-report-countries-list" />

      <Title order={4}>{t('report.charges')}</Title>
      <Table withTableBorder fz="sm" data-testid="cpi-report-charges">
        <Table.Tbody>
          {data.charges.map((charge, index) => (
            <Table.Tr key={`${charge.at}-${index}`}>
              <Table.Td>{formatDateTime(charge.at)}</Table.Td>
              <Table.Td>{ledgerDescription(tMoney, charge) ?? charge.type}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatSignedMoney(charge.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
          {data.charges.length === 0 && (
            <Table.Tr>
              <Table.Td c="dimmed">{t('report.noCharges')}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="cpi-report-refund">
        {data.refund.refunded_at
          ? t('report.refunded', { time: formatDateTime(data.refund.refunded_at) })
          : data.refund.due_at
            ? t('report.refundDue', {
                amount: formatMoney(data.refund.prepaid_left),
                time: formatDateTime(data.refund.due_at),
              })
            : t('report.prepaid', { amount: formatMoney(data.refund.prepaid_left) })}
      </Text>
    </Stack>
  );
}
