import {
  Alert,
  Badge,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconAward, IconCrown } from '@tabler/icons-react';
import {
  APP_STORES,
  PRODUCT_TYPES,
  parseMoney,
  type CurrentPlanResponse,
  type PricePlan,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent, formatPrice } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { currentPlanQueryOptions, pricePlansQueryOptions } from '../api/plans';

type CurrentPlan = CurrentPlanResponse['data'];
const PRODUCT_NAMES = Object.fromEntries(
  Object.entries(PRODUCT_TYPES).map(([name, id]) => [id, name]),
) as Record<number, keyof typeof PRODUCT_TYPES>;

function CurrentPlanCard({ plan }: { plan: CurrentPlan }) {
  const { t } = useTranslation('money');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="current-plan">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" variant="light" color="indigo">
            <IconCrown size={24} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Text size="sm" c="dimmed">
              {t('plans.yourPlan')}
            </Text>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              {plan.name}
            </Title>
          </div>
          <Badge ml="auto" size="lg" variant="light" color="teal">
            {t('plans.discount', { percent: formatPercent(plan.discount) })}
          </Badge>
        </Group>
        <Text size="sm">{t('plans.totalPayments', { total: formatMoney(plan.total_payments) })}</Text>
        {plan.next && plan.left_to_next !== null ? (
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap={4}>
              <Text size="sm" fw={600}>
                {t('plans.toNext', { name: plan.next.name, threshold: formatMoney(plan.next.threshold) })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('plans.left', { left: formatMoney(plan.left_to_next) })}
              </Text>
            </Group>
            <Progress
              value={plan.progress}
              size="lg"
              radius="xl"
              aria-label={t('plans.progressLabel', { percent: Math.round(plan.progress) })}
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {plan.is_reseller ? t('plans.resellerTop') : t('plans.top')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function PlanCard({ plan, current }: { plan: PricePlan; current: boolean }) {
  const { t } = useTranslation('money');
  const discounted = parseMoney(plan.discount) > 0n;
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      data-current={current || undefined}
      style={current ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconAward size={18} stroke={1.6} color="var(--mantine-color-indigo-5)" />
            <Text fw={700} truncate>
              {plan.name}
            </Text>
          </Group>
        </Group>
        <Text fz={discounted ? 'xl' : 'lg'} fw={800}>
          {discounted
            ? t('plans.discountShort', { percent: formatPercent(plan.discount) })
            : t('plans.noDiscount')}
        </Text>
        <Text size="sm" c="dimmed">
          {parseMoney(plan.threshold) > 0n
            ? t('plans.threshold', { threshold: formatMoney(plan.threshold) })
            : t('plans.start')}
        </Text>
        <Group gap={6}>
          {current && (
            <Badge size="sm" color="indigo">
              {t('plans.current')}
            </Badge>
          )}
          {plan.is_reseller && (
            <Badge size="sm" variant="outline" color="grape">
              {t('plans.reseller')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The caller's prices of the products `orderable` holds (what this deployment sells). */
function PriceTable({ plan, orderable }: { plan: CurrentPlan; orderable: readonly number[] }) {
  const { t } = useTranslation('money');
  const { t: ta } = useTranslation('app');
  const types = [
    ...new Set(
      plan.pricetags.filter((tag) => tag.is_active && orderable.includes(tag.type)).map((tag) => tag.type),
    ),
  ].sort((a, b) => a - b);
  const priceOf = (type: number, store: number) =>
    plan.pricetags.find((tag) => tag.type === type && tag.appstore_id === store && tag.is_active)?.price;
  if (types.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('plans.pricesTitle', { name: plan.name })}
        </Title>
        <Table.ScrollContainer minWidth={280}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('plans.product')}</Table.Th>
                <Table.Th ta="right">{ta('stores.googlePlay')}</Table.Th>
                <Table.Th ta="right">{ta('stores.appStore')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>{t(`productType.${PRODUCT_NAMES[type] ?? 'undefined'}`)}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatPrice(priceOf(type, APP_STORES.GOOGLE_PLAY)) || '—'}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatPrice(priceOf(type, APP_STORES.APP_STORE)) || '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {t('plans.pricesNote')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * Price plans (customer-area §1, §4): the caller's plan, the progress to the next one, all plans, and the
 * prices of the products sold here (`orderable`, from the server; the table waits for it).
 */
export function PricePlans({ orderable }: { orderable: readonly number[] | undefined }) {
  const { t } = useTranslation('money');
  const plans = useQuery(pricePlansQueryOptions());
  const current = useQuery(currentPlanQueryOptions());
  const error = plans.error ?? current.error;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('plans.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('plans.subtitle')}
        </Text>
      </div>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(error)}
        </Alert>
      )}
      {current.data ? (
        <CurrentPlanCard plan={current.data} />
      ) : (
        current.isPending && <Skeleton h={150} radius="lg" />
      )}
      <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="md" data-testid="plan-list">
        {plans.isPending
          ? Array.from({ length: 9 }, (_, index) => <Skeleton key={index} h={120} radius="lg" />)
          : (plans.data ?? []).map((plan) => (
              <PlanCard key={plan.id} plan={plan} current={plan.id === current.data?.id} />
            ))}
      </SimpleGrid>
      {current.data && orderable && <PriceTable plan={current.data} orderable={orderable} />}
    </Stack>
  );
}
