import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  formatMoney as formatAmount,
  parseMoney,
  toMoney,
  type CampaignQuote,
  type Pacing,
} from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { PacingBasis, rankRangeText } from './keyword-pacing';

/** What the customer is about to order, as the review step shows it. */
export interface OrderSummary {
  product: string;
  app: string;
  country: string;
  /** The keywords (each with its installs for a smart campaign); empty for products without keywords. */
  keywords: string[];
  /** Whether the per-day plan is per keyword (keyword installs and impressions). */
  perKeyword: boolean;
  quote: CampaignQuote['data'];
  /** Main + bonus balance, or undefined while unknown. */
  balance: string | undefined;
  /** A delayed start (ISO): nothing is charged until then. */
  startAt: string | null;
  /** Keyword installs: the pacing suggestion and where this plan leaves each keyword; null otherwise. */
  pacing: Pacing | null;
}

/** The balance left once `price` is charged from `balance` (a decimal text), or null while unknown. */
export function balanceAfter(balance: string | undefined, price: string): bigint | null {
  const money = balance === undefined ? null : toMoney(balance);
  return money === null ? null : money - parseMoney(price);
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed" w="40%">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** The suggested pace to the target and the rank range this plan is expected to reach, per keyword. */
function PacingRows({ pacing }: { pacing: Pacing }) {
  const { t } = useTranslation('campaigns');
  const reason = pacing.keywords.find((keyword) => keyword.reason)?.reason ?? 'not_enough_data';
  const expected = pacing.keywords.filter((keyword) => keyword.expected_rank);
  return (
    <>
      <Row label={t('add.review.pacing', { target: pacing.target })} testId="review-pacing">
        <Text span size="sm">
          {pacing.plan
            ? `${t('pacing.perDay', { installs: formatNumber(pacing.plan.installs_per_day) })} · ${t('pacing.days', { count: pacing.plan.days })}`
            : t('add.review.pacingNone', { reason: t(`pacing.reason.${reason}`) })}
        </Text>
        <PacingBasis pacing={pacing} />
      </Row>
      <Row label={t('add.review.expected')} testId="review-expected-rank">
        {expected.length
          ? expected
              .map((keyword) => `${keyword.keyword}: ${rankRangeText(keyword.expected_rank!)}`)
              .join(' · ')
          : '—'}
      </Row>
    </>
  );
}

/**
 * The review step of Add campaigns: product, app, country, keywords, per-day plan, total, price with any
 * discount and the balance after; nothing is charged until Pay. A balance that cannot cover it offers a
 * top-up instead.
 */
export function OrderReview({
  summary,
  paying,
  onPay,
  onClose,
}: {
  summary: OrderSummary | null;
  paying: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const quote = summary?.quote;
  const after = summary && quote ? balanceAfter(summary.balance, quote.price) : null;
  // A delayed start is charged then, not now.
  const short = after !== null && after < 0n && !summary?.startAt;
  return (
    <Modal
      opened={summary !== null}
      onClose={onClose}
      title={t('add.review.title')}
      size="lg"
      centered
      data-testid="order-review"
    >
      {summary && quote && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {summary.startAt
              ? t('add.review.introDelayed', { time: formatDateTime(summary.startAt) })
              : t('add.review.intro')}
          </Text>
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Row label={t('add.review.product')} testId="review-product">
                {summary.product}
              </Row>
              <Row label={t('add.review.app')} testId="review-app">
                {summary.app}
              </Row>
              <Row label={t('add.review.country')} testId="review-country">
                {summary.country}
              </Row>
              {summary.keywords.length > 0 && (
                <Row label={t('add.review.keywords')} testId="review-keywords">
                  {summary.keywords.join(', ')}
                </Row>
              )}
              <Row
                label={summary.perKeyword ? t('add.review.planPerKeyword') : t('add.review.plan')}
                testId="review-plan"
              >
                {quote.sequence
                  .map((installs, day) =>
                    t('add.review.planDay', { day: day + 1, installs: formatNumber(installs) }),
                  )
                  .join(' · ')}
              </Row>
              <Row label={t('add.review.total')} testId="review-total">
                {formatNumber(quote.installs_total)}
              </Row>
              {quote.discount && (
                <Row label={t('add.review.listPrice')} testId="review-list-price">
                  <Text span td="line-through" ff="monospace">
                    {formatMoney(quote.discount.list_price)}
                  </Text>{' '}
                  <Text span c="green" size="sm">
                    {t('add.review.discount', {
                      name: quote.discount.name,
                      percent: formatPercent(quote.discount.percent),
                    })}
                  </Text>
                </Row>
              )}
              {summary.pacing && <PacingRows pacing={summary.pacing} />}
              <Row label={t('add.review.price')} testId="review-price">
                <Text span fw={700} ff="monospace">
                  {formatMoney(quote.price)}
                </Text>
              </Row>
              <Row label={t('add.review.balance')} testId="review-balance">
                <Text span ff="monospace">
                  {summary.balance === undefined ? '—' : formatMoney(summary.balance)}
                </Text>
              </Row>
              <Row label={t('add.review.balanceAfter')} testId="review-balance-after">
                <Text span ff="monospace" c={short ? 'red' : undefined}>
                  {after === null ? '—' : formatMoney(formatAmount(after))}
                </Text>
              </Row>
            </Table.Tbody>
          </Table>
          {short && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('add.review.short')}</Text>
                <Button size="xs" renderRoot={(props) => <Link {...props} to="/top-up-balance" />}>
                  {t('form.topUp')}
                </Button>
              </Group>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="review-back">
              {t('add.review.back')}
            </Button>
            <Button onClick={onPay} loading={paying} disabled={short} data-testid="campaign-pay">
              {summary.startAt
                ? t('add.review.confirm')
                : t('add.review.pay', { price: formatMoney(quote.price) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
