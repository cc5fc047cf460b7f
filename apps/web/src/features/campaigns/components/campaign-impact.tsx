import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { KeywordImpact } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { placesText, rankText } from '../../../lib/rank-text';
import { campaignImpactQueryOptions, exportCampaignImpact } from '../api/impact';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function KeywordReport({ report, running }: { report: KeywordImpact; running: boolean }) {
  const { t } = useTranslation('campaigns');
  const { baseline } = report;
  const gainedLabel = report.compared_with === 'after' ? t('impact.gainedAfter') : t('impact.gainedDuring');
  return (
    <Paper withBorder p="sm" data-testid="impact-keyword">
      <Title order={5} mb="xs">
        {report.keyword}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <Figure label={t('impact.before')} value={rankText(report.before.average)} testId="impact-before" />
        <Figure
          label={running ? t('impact.duringSoFar') : t('impact.during')}
          value={rankText(report.during.average)}
          testId="impact-during"
        />
        <Figure label={t('impact.after')} value={rankText(report.after?.average)} testId="impact-after" />
        <Figure label={gainedLabel} value={placesText(report.places_gained)} testId="impact-gained" />
        <Figure
          label={t('impact.best')}
          value={
            report.best
              ? t('impact.bestValue', { rank: report.best.rank, day: formatDate(report.best.day) })
              : '—'
          }
        />
        <Figure label={t('impact.top10')} value={formatNumber(report.top10_days)} />
        <Figure label={t('impact.installs')} value={formatNumber(report.installs)} />
        <Figure label={t('impact.spent')} value={formatMoney(report.spent)} />
        <Figure
          label={t('impact.perPlace')}
          value={report.per_place === null ? '—' : formatMoney(report.per_place)}
          testId="impact-per-place"
        />
      </SimpleGrid>
      <Text size="sm" mt="xs" data-testid="impact-baseline">
        {baseline
          ? t('impact.baseline', {
              places: placesText(baseline.places_gained),
              from: formatDate(baseline.from),
              to: formatDate(baseline.to),
            })
          : t('impact.noBaseline')}
      </Text>
    </Paper>
  );
}

/**
 * What a keyword-installs campaign did to its keywords' ranks (docs/impact.md), with the caveat that other
 * things move ranks at the same time, the keyword's movement a month earlier beside it, and a CSV export.
 */
export function CampaignImpactReport({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('campaigns');
  const impact = useQuery(campaignImpactQueryOptions(campaignId));
  const report = impact.data;
  return (
    <Stack gap="sm" data-testid="campaign-impact">
      <Group justify="space-between">
        <Title order={4}>{report?.running ? t('impact.titleSoFar') : t('impact.title')}</Title>
        {report && report.keywords.length > 0 && (
          <ExportButton
            size="xs"
            run={() => exportCampaignImpact(campaignId)}
            label={t('impact.export')}
            testId="impact-export"
          />
        )}
      </Group>
      {impact.isPending && <Loader size="sm" />}
      {impact.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(impact.error)}
        </Alert>
      )}
      {report && report.keywords.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="impact-empty">
          {t('impact.empty')}
        </Text>
      )}
      {report && report.keywords.length > 0 && (
        <>
          <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="impact-caveat">
            {t('impact.caveat')}
          </Alert>
          {report.keywords.map((keyword) => (
            <KeywordReport key={keyword.keyword} report={keyword} running={report.running} />
          ))}
        </>
      )}
    </Stack>
  );
}
