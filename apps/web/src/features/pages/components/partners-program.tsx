import {
  ActionIcon,
  Alert,
  Anchor,
  Card,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import type { ReferralSummary } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatMoney, formatPercent } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { PageHeader } from '../../../components/page-header';

const BENEFITS = ['commission', 'lifetime', 'payouts', 'materials'] as const;
const STEPS = ['share', 'signup', 'earn', 'payout'] as const;

/**
 * Partners program (customer-area §2): what partners get and how to join, with the caller's referral link and
 * earnings; the figures come from the referral program, which a partner's earnings are paid by.
 */
export function PartnersProgram({
  summary,
  error,
}: {
  summary: ReferralSummary | undefined;
  error: unknown;
}) {
  const { t } = useTranslation('pages');
  const percent = summary ? formatPercent(summary.percent) : '10';
  const figures =
    summary &&
    ([
      { key: 'referrals', value: String(summary.referrals) },
      { key: 'earned', value: formatMoney(summary.earned) },
      { key: 'balance', value: formatMoney(summary.balance) },
      { key: 'pending', value: formatMoney(summary.pending_payouts) },
    ] as const);
  return (
    <Stack gap="lg">
      <PageHeader title={t('partners.title')} subtitle={t('partners.subtitle', { percent })} />
      {error ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            {t('partners.benefits.title')}
          </Title>
          <List size="sm" spacing={4}>
            {BENEFITS.map((key) => (
              <List.Item key={key}>{t(`partners.benefits.${key}`, { percent })}</List.Item>
            ))}
          </List>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="xs">
            {t('partners.steps.title')}
          </Title>
          <List type="ordered" size="sm" spacing={4}>
            {STEPS.map((key) => (
              <List.Item key={key}>{t(`partners.steps.${key}`, { percent })}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('partners.link')}
          </Title>
          {summary ? (
            <TextInput
              readOnly
              value={summary.link}
              aria-label={t('partners.link')}
              data-testid="partner-link"
              onFocus={(event) => event.currentTarget.select()}
              rightSection={
                <Tooltip label={t('partners.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('partners.copy')}
                    onClick={() => void copyToClipboard(summary.link)}
                  >
                    <IconCopy size={16} stroke={1.6} />
                  </ActionIcon>
                </Tooltip>
              }
            />
          ) : (
            <Skeleton h={36} radius="sm" />
          )}
        </Stack>
      </Card>
      <section aria-label={t('partners.figures.title')}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {figures
            ? figures.map(({ key, value }) => (
                <Card key={key} withBorder radius="md" padding="md">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t(`partners.figures.${key}`)}
                  </Text>
                  <Text fz="xl" fw={700} data-testid={`partner-${key}`}>
                    {value}
                  </Text>
                </Card>
              ))
            : Array.from({ length: 4 }, (_, index) => <Skeleton key={index} h={76} radius="md" />)}
        </SimpleGrid>
      </section>
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="partners.more"
          components={{
            // Underlined: in the dark scheme no link colour stands out 3:1 from the text (axe link-in-text-block).
            referral: <Anchor component={Link} to="/referral-program" underline="always" />,
            contacts: <Anchor component={Link} to="/contacts" underline="always" />,
          }}
        />
      </Text>
    </Stack>
  );
}
