import { Alert, Button, Group, Loader, NumberInput, Stack, Table, Text } from '@mantine/core';
import { LIMITS, type Pacing, type PacingKeyword, type PacingRankRange } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { errorText } from '../../../lib/messages';

/** A rank as the customer reads it: beyond the last checked rank shows as 250+. */
export function rankText(rank: number): string {
  return rank > LIMITS.rankMax ? `${LIMITS.rankMax}+` : formatNumber(rank);
}

/** "18 (12–30)": the median rank and the range between the best and the worst of the middle campaigns. */
export function rankRangeText(range: PacingRankRange): string {
  const median = rankText(range.median);
  return range.best === range.worst ? median : `${median} (${rankText(range.best)}–${rankText(range.worst)})`;
}

/** Easy up to 33, medium up to 66, hard above (the 1-100 difficulty in three words). */
function difficultyLevel(difficulty: number): 'easy' | 'medium' | 'hard' {
  return difficulty <= 33 ? 'easy' : difficulty <= 66 ? 'medium' : 'hard';
}

/** One keyword's suggestion (installs a day, days with their range) or why there is none. */
export function useSuggestionText() {
  const { t } = useTranslation('campaigns');
  return (keyword: PacingKeyword) => {
    const s = keyword.suggestion;
    if (!s) return t(`pacing.reason.${keyword.reason ?? 'not_enough_data'}`);
    const { low, mid, high } = s.days;
    const days =
      mid === null
        ? t('pacing.daysUnknown')
        : low === high
          ? t('pacing.days', { count: mid })
          : t('pacing.daysRange', {
              count: mid,
              low: formatNumber(low),
              high: high === null ? '∞' : formatNumber(high),
            });
    const perDay = t('pacing.perDay', { installs: formatNumber(s.installs_per_day) });
    return s.reachable ? `${perDay} · ${days}` : `${perDay} · ${days} · ${t('pacing.beyond')}`;
  };
}

/** What the figures rest on: how many delivered campaigns, or plainly not enough of them. */
export function PacingBasis({ pacing }: { pacing: Pacing }) {
  const { t } = useTranslation('campaigns');
  return (
    <Text size="xs" c="dimmed" data-testid="pacing-basis">
      {pacing.campaigns >= pacing.min_campaigns
        ? t('pacing.basis', { count: pacing.campaigns })
        : t('pacing.notEnough', { count: pacing.campaigns, min: pacing.min_campaigns })}
    </Text>
  );
}

/**
 * The keyword-installs form's pacing panel: each chosen keyword's rank, score and difficulty, the target
 * rank the customer aims for, the suggestion to reach it (installs a day, days, the rank expected) and
 * "Use this plan", which fills the form's plan; the customer can change everything afterwards.
 */
export function KeywordPacing({
  target,
  onTarget,
  pacing,
  loading,
  error,
  onUse,
}: {
  target: number | string;
  onTarget: (target: number | string) => void;
  pacing: Pacing | undefined;
  loading: boolean;
  error: unknown;
  onUse: (plan: NonNullable<Pacing['plan']>) => void;
}) {
  const { t } = useTranslation('campaigns');
  const suggestionText = useSuggestionText();
  const plan = pacing?.plan ?? null;
  return (
    <Stack gap="xs" data-testid="keyword-pacing">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={0} style={{ flex: '1 1 260px' }}>
          <Text size="sm" fw={500}>
            {t('pacing.title')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('pacing.hint')}
          </Text>
        </Stack>
        <NumberInput
          label={t('pacing.target')}
          value={target}
          onChange={onTarget}
          min={1}
          max={LIMITS.rankMax}
          allowDecimal={false}
          allowNegative={false}
          w={140}
          data-testid="pacing-target"
        />
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {errorText(error)}
        </Alert>
      ) : !pacing ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('pacing.loading')}
          </Text>
        </Group>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing={4} data-testid="pacing-table" style={{ opacity: loading ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pacing.keyword')}</Table.Th>
                  <Table.Th>{t('pacing.rank')}</Table.Th>
                  <Table.Th>{t('pacing.score')}</Table.Th>
                  <Table.Th>{t('pacing.difficulty')}</Table.Th>
                  <Table.Th>{t('pacing.suggestion')}</Table.Th>
                  <Table.Th>{t('pacing.expected')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pacing.keywords.map((keyword) => (
                  <Table.Tr key={keyword.keyword} data-testid="pacing-row">
                    <Table.Td>{keyword.keyword}</Table.Td>
                    <Table.Td ff="monospace">
                      {keyword.rank !== null
                        ? rankText(keyword.rank)
                        : keyword.rank_state === 'out_of_rank'
                          ? rankText(LIMITS.rankMax + 1)
                          : '—'}
                    </Table.Td>
                    <Table.Td ff="monospace">{keyword.score ?? '—'}</Table.Td>
                    <Table.Td>
                      {keyword.difficulty === null
                        ? '—'
                        : t(`pacing.level.${difficultyLevel(keyword.difficulty)}`, {
                            value: keyword.difficulty,
                          })}
                    </Table.Td>
                    <Table.Td data-testid="pacing-suggestion">
                      <Text size="sm" c={keyword.suggestion ? undefined : 'dimmed'}>
                        {suggestionText(keyword)}
                      </Text>
                    </Table.Td>
                    <Table.Td ff="monospace" data-testid="pacing-expected">
                      {keyword.suggestion ? rankRangeText(keyword.suggestion.expected_rank) : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <PacingBasis pacing={pacing} />
            <Button
              variant="light"
              size="xs"
              disabled={!plan}
              onClick={() => plan && onUse(plan)}
              data-testid="pacing-use"
            >
              {plan
                ? t('pacing.use', {
                    installs: formatNumber(plan.installs_per_day),
                    count: plan.days,
                  })
                : t('pacing.useNone')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
