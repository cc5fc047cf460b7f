import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconGift, IconLock } from '@tabler/icons-react';
import { LIMITS, PAYMENT_SYSTEMS, parseMoney, type Paysystem } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { formatMoney, formatPercent } from '../../../lib/format';
import { errorText, messageText } from '../../../lib/messages';
import {
  marketingActionQueryOptions,
  paysystemsQueryOptions,
  quoteQueryOptions,
  useCheckout,
} from '../api/payments';
import { amountProblem, defaultPaysystem, normalizeAmount } from './top-up';

/** Sends the browser to the provider's checkout (a full page load: the provider is another page). */
function goTo(url: string) {
  window.location.assign(url);
}

function PaysystemCard({ system, bonusRuns }: { system: Paysystem; bonusRuns: boolean }) {
  const { t } = useTranslation('money');
  const fee = parseMoney(system.fee) > 0n;
  return (
    <Radio.Card value={String(system.id)} radius="md" p="md" data-testid={`paysystem-${system.id}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={2} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} justify="space-between" wrap="wrap">
            <Text fw={600}>{system.name}</Text>
            <Badge variant="light" color={fee ? 'gray' : 'teal'} size="sm">
              {fee ? t('topUp.fee', { percent: formatPercent(system.fee) }) : t('topUp.noFee')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {system.description}
          </Text>
          <Text size="xs">
            {t('topUp.limits', { min: formatMoney(system.min_amount), max: formatMoney(system.max_amount) })}
          </Text>
          {system.vat && system.vat_applies && (
            <Text size="xs" c="dimmed">
              {t('topUp.vat', { percent: formatPercent(system.vat) })}
            </Text>
          )}
          {bonusRuns && (
            <Text size="xs" c={system.bonus ? 'teal' : 'dimmed'}>
              {!system.bonus
                ? t('topUp.noBonus')
                : system.bonus_max_amount
                  ? t('topUp.bonusUpTo', { max: formatMoney(system.bonus_max_amount) })
                  : t('topUp.bonusApplies')}
            </Text>
          )}
          {system.confirmations > 0 && (
            <Text size="xs" c="dimmed">
              {t('topUp.confirmations', { count: system.confirmations })}
            </Text>
          )}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ff="monospace">
        {value}
      </Text>
    </Group>
  );
}

/**
 * Top-up balance (customer-area §2): an amount (presets 500, 1000, 5000, 10000 or any), a payment method
 * with its fee, bonus and limits, the server's quote (fee, VAT, total, bonus), then the provider's checkout.
 */
export function TopUpForm() {
  const { t } = useTranslation('money');
  const systems = useQuery(paysystemsQueryOptions());
  const action = useQuery(marketingActionQueryOptions());
  const [amount, setAmount] = useState<string>(String(LIMITS.topUpPresets[0]));
  const [picked, setPicked] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const checkout = useCheckout();

  const active = (systems.data ?? []).filter((system) => system.is_active);
  const system = active.find((item) => String(item.id) === picked) ?? defaultPaysystem(active);
  const normalized = normalizeAmount(amount);
  const problem = amountProblem(amount, system);
  const [debounced] = useDebouncedValue(normalized, 300);
  const quote = useQuery({
    ...quoteQueryOptions(system?.id ?? 0, debounced ?? ''),
    enabled: Boolean(system && debounced && !amountProblem(debounced, system)),
  });
  const quoteReady = quote.data && debounced === normalized && !problem;
  const bonusRuns = Boolean(action.data);

  const pay = () => {
    setTouched(true);
    if (!system || problem || !normalized) return;
    checkout.mutate({ paysystem: system, amount: normalized }, { onSuccess: goTo, onError: showApiError });
  };

  const amountError = touched || amount !== '' ? problem && messageText(problem) : undefined;

  return (
    <Stack gap="lg">
      {action.data && (
        <Alert color="teal" variant="light" icon={<IconGift size={18} />} title={action.data.name}>
          <Text size="sm">{action.data.text}</Text>
          {action.data.tiers.length > 0 && (
            <Group gap="xs" mt="xs">
              {action.data.tiers.map((tier) => (
                <Badge key={tier.from} color="teal" variant="outline">
                  {t('topUp.tier', { percent: formatPercent(tier.percent), from: formatMoney(tier.from) })}
                </Badge>
              ))}
            </Group>
          )}
        </Alert>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('topUp.amountTitle')}
          </Title>
          <Chip.Group
            multiple={false}
            value={LIMITS.topUpPresets.map(String).includes(normalized ?? '') ? normalized : null}
            onChange={(value) => setAmount(value)}
          >
            <Group gap="xs">
              {LIMITS.topUpPresets.map((preset) => (
                <Chip key={preset} value={String(preset)} variant="outline" radius="md">
                  {formatMoney(preset)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <TextInput
            label={t('topUp.amount')}
            description={t('topUp.amountHint')}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value.replace(',', '.'))}
            onBlur={() => setTouched(true)}
            error={amountError}
            rightSection={
              <Text size="xs" c="dimmed">
                USD
              </Text>
            }
            maw={320}
            data-testid="top-up-amount"
          />
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('topUp.methodTitle')}
          </Title>
          {systems.isPending && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} h={120} radius="md" />
              ))}
            </SimpleGrid>
          )}
          {systems.error && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {errorText(systems.error)}
            </Alert>
          )}
          {systems.data && active.length === 0 && <Text c="dimmed">{t('topUp.noMethods')}</Text>}
          <Radio.Group
            value={system ? String(system.id) : null}
            onChange={setPicked}
            // The group's wrapper is a plain div, which may carry a name only with a role.
            role="group"
            aria-label={t('topUp.methodTitle')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {active.map((item) => (
                <PaysystemCard key={item.id} system={item} bonusRuns={bonusRuns} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          {system?.id === PAYMENT_SYSTEMS.paypal && (
            <Text size="xs" c="dimmed" data-testid="paypal-rules">
              {t('topUp.paypalRules')}
            </Text>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="top-up-summary">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('topUp.summaryTitle')}
          </Title>
          {!system || problem || !normalized ? (
            <Text size="sm" c="dimmed">
              {t('topUp.summaryEmpty')}
            </Text>
          ) : quoteReady ? (
            <>
              <SummaryRow label={t('topUp.credited')} value={formatMoney(quote.data.amount)} />
              <SummaryRow
                label={t('topUp.feeRow', { percent: formatPercent(system.fee) })}
                value={formatMoney(quote.data.fee)}
              />
              {parseMoney(quote.data.vat) > 0n && (
                <SummaryRow label={t('topUp.vatRow')} value={formatMoney(quote.data.vat)} />
              )}
              <SummaryRow label={t('topUp.total')} value={`${formatMoney(quote.data.total)} USD`} strong />
              {parseMoney(quote.data.bonus) > 0n && (
                <Group gap={6} wrap="nowrap">
                  <IconGift size={16} color="var(--mantine-color-teal-6)" />
                  <Text size="sm" c="teal" data-testid="bonus-preview">
                    {t('topUp.bonusPreview', { bonus: formatMoney(quote.data.bonus) })}
                  </Text>
                </Group>
              )}
            </>
          ) : quote.error ? (
            <Text size="sm" c="red">
              {errorText(quote.error)}
            </Text>
          ) : (
            <Loader role="status" size="sm" aria-label={t('topUp.quoting')} />
          )}
          <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
            <Group gap={6} wrap="nowrap">
              <IconLock size={14} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                {t('topUp.secure')}
              </Text>
            </Group>
            <Button
              size="md"
              onClick={pay}
              loading={checkout.isPending || checkout.isSuccess}
              disabled={!system}
              data-testid="top-up-pay"
            >
              {t('topUp.pay')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
