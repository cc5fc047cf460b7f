import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconShare } from '@tabler/icons-react';
import {
  PAYOUT_METHODS,
  payoutBodySchema,
  type Payout,
  type PayoutMethod,
  type PayoutStatus,
  type Referral,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { copyToClipboard } from '../../../lib/clipboard';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  PAYOUTS_PAGE_SIZE,
  REFERRALS_PAGE_SIZE,
  payoutsQueryOptions,
  referralsQueryOptions,
  useRequestPayout,
  type ReferralListParams,
} from '../api/referrals';
import { canRequestPayout, maxPayoutAmount, payoutBody, type PayoutValues } from './payout';

const PAYOUT_COLORS: Record<PayoutStatus, string> = { pending: 'yellow', completed: 'teal', canceled: 'red' };
const REFERRAL_SORTS = ['spendings_new', 'payments', 'earned', 'created_at'] as const;

function useTableTexts() {
  const { t: ta } = useTranslation('app');
  const { t: tr } = useTranslation();
  return {
    loadingText: tr('common.loading'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      ta('table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: string) =>
      control === 'previous' ? { 'aria-label': ta('table.previous') } : { 'aria-label': ta('table.next') },
  };
}

const loadPayoutSchema = () => Promise.resolve(payoutBodySchema);

function PayoutForm({ available }: { available: string }) {
  const { t } = useTranslation('money');
  const form = useSchemaForm<PayoutValues>(loadPayoutSchema, { amount: '', method: 'balance', details: '' });
  const request = useRequestPayout();
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await request.mutateAsync(payoutBody(values));
      notifySuccess(translateMessage(message));
      form.setFieldValue('amount', '');
      form.setFieldValue('details', '');
    } catch (error) {
      showFormError(form, error);
    }
  });
  const amountProps = form.getInputProps('amount');
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('referral.payoutTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('referral.payoutText', { available: formatMoney(available) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('referral.payoutAmount')}
            inputMode="decimal"
            {...amountProps}
            rightSection={
              <Button
                variant="subtle"
                size="compact-xs"
                onClick={() => form.setFieldValue('amount', maxPayoutAmount(available))}
              >
                {t('referral.max')}
              </Button>
            }
            rightSectionWidth={56}
            required
          />
          <Select
            label={t('referral.payoutMethod')}
            data={PAYOUT_METHODS.map((value) => ({ value, label: t(`payoutMethod.${value}`) }))}
            value={form.values.method}
            onChange={(value) => value && form.setFieldValue('method', value as PayoutMethod)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {form.values.method !== 'balance' && (
          <Textarea
            label={t('referral.payoutDetails')}
            description={t('referral.payoutDetailsHint')}
            autosize
            minRows={2}
            {...form.getInputProps('details')}
            required
          />
        )}
        <Text size="xs" c="dimmed">
          {form.values.method === 'balance' ? t('referral.toBalanceNote') : t('referral.staffNote')}
        </Text>
        <Group>
          <Button type="submit" loading={form.submitting} disabled={!canRequestPayout(available)}>
            {t('referral.requestPayout')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReferralsTable() {
  const { t } = useTranslation('money');
  const texts = useTableTexts();
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Referral>>({
    columnAccessor: 'spendings_new',
    direction: 'desc',
  });
  const sortBy = (REFERRAL_SORTS as readonly string[]).includes(String(sortStatus.columnAccessor))
    ? (sortStatus.columnAccessor as ReferralListParams['sortBy'])
    : 'spendings_new';
  const { data, isFetching } = useQuery(
    referralsQueryOptions({ page, sortBy, sortType: sortStatus.direction }),
  );
  return (
    <DataTable<Referral>
      withTableBorder
      borderRadius="md"
      striped
      minHeight={data?.data.length ? undefined : 180}
      records={data?.data ?? []}
      fetching={isFetching}
      totalRecords={data?.meta.total ?? 0}
      recordsPerPage={REFERRALS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      sortStatus={sortStatus}
      onSortStatusChange={(next) => {
        setSortStatus(next);
        setPage(1);
      }}
      noRecordsText={t('referral.noReferrals')}
      {...texts}
      columns={[
        { accessor: 'nickname', title: t('referral.columns.nickname'), noWrap: true },
        { accessor: 'email', title: t('referral.columns.email'), noWrap: true },
        {
          accessor: 'created_at',
          title: t('referral.columns.joined'),
          sortable: true,
          noWrap: true,
          render: (row) => formatDate(row.created_at),
        },
        {
          accessor: 'payments',
          title: t('referral.columns.payments'),
          sortable: true,
          textAlign: 'right',
          render: (row) => formatMoney(row.payments),
        },
        {
          accessor: 'spendings_new',
          title: t('referral.columns.spendings'),
          sortable: true,
          textAlign: 'right',
          render: (row) => formatMoney(row.spendings_new),
        },
        {
          accessor: 'earned',
          title: t('referral.columns.earned'),
          sortable: true,
          textAlign: 'right',
          render: (row) => formatMoney(row.earned),
        },
      ]}
    />
  );
}

function PayoutsTable() {
  const { t } = useTranslation('money');
  const texts = useTableTexts();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery(payoutsQueryOptions(page));
  return (
    <DataTable<Payout>
      withTableBorder
      borderRadius="md"
      striped
      minHeight={data?.payments.length ? undefined : 160}
      records={data?.payments ?? []}
      fetching={isFetching}
      totalRecords={data?.meta.total ?? 0}
      recordsPerPage={PAYOUTS_PAGE_SIZE}
      page={page}
      onPageChange={setPage}
      noRecordsText={t('referral.noPayouts')}
      {...texts}
      columns={[
        { accessor: 'id', title: '#' },
        {
          accessor: 'created_at',
          title: t('referral.columns.date'),
          noWrap: true,
          render: (row) => formatDate(row.created_at),
        },
        {
          accessor: 'amount',
          title: t('referral.columns.amount'),
          textAlign: 'right',
          render: (row) => formatMoney(row.amount),
        },
        {
          accessor: 'method',
          title: t('referral.columns.method'),
          render: (row) => t(`payoutMethod.${row.method}`),
        },
        {
          accessor: 'status',
          title: t('referral.columns.status'),
          render: (row) => (
            <Stack gap={2}>
              <Badge size="sm" variant="light" color={PAYOUT_COLORS[row.status]}>
                {t(`payoutStatus.${row.status}`)}
              </Badge>
              {row.status === 'canceled' && (
                <Text size="xs" c="red">
                  {row.message ? translateMessage(row.message) : t('referral.canceledMessage')}
                </Text>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** Referral program (customer-area §1, §9): the link, the referred users, earnings, payouts. */
export function ReferralProgram() {
  const { t } = useTranslation('money');
  // The summary rides along with the first page of referrals (shared with the table's first query).
  const first = useQuery(referralsQueryOptions({ page: 1, sortBy: 'spendings_new', sortType: 'desc' }));
  const summary = first.data?.summary;
  const stats = summary && [
    { key: 'percent', label: t('referral.stats.percent'), value: `${formatPercent(summary.percent)} %` },
    { key: 'referrals', label: t('referral.stats.referrals'), value: String(summary.referrals) },
    { key: 'earned', label: t('referral.stats.earned'), value: formatMoney(summary.earned) },
    { key: 'balance', label: t('referral.stats.balance'), value: formatMoney(summary.balance) },
    { key: 'pending', label: t('referral.stats.pending'), value: formatMoney(summary.pending_payouts) },
  ];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('referral.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('referral.subtitle', { percent: summary ? formatPercent(summary.percent) : '10' })}
        </Text>
      </div>
      {first.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(first.error)}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <IconShare size={20} stroke={1.6} />
            <Title order={2} fz="lg">
              {t('referral.linkTitle')}
            </Title>
          </Group>
          {summary ? (
            <TextInput
              readOnly
              value={summary.link}
              aria-label={t('referral.linkTitle')}
              data-testid="referral-link"
              onFocus={(event) => event.currentTarget.select()}
              rightSection={
                <Tooltip label={t('referral.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('referral.copy')}
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
          <Text size="xs" c="dimmed">
            {t('referral.linkHint')}
          </Text>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        {stats
          ? stats.map((stat) => (
              <Paper key={stat.key} withBorder radius="md" p="sm">
                <Text size="xs" c="dimmed">
                  {stat.label}
                </Text>
                <Text fw={700} ff="monospace">
                  {stat.value}
                </Text>
              </Paper>
            ))
          : Array.from({ length: 5 }, (_, index) => <Skeleton key={index} h={58} radius="md" />)}
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('referral.referralsTitle')}
          </Title>
          <ReferralsTable />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="lg">
          <Title order={2} fz="lg">
            {t('referral.payoutsTitle')}
          </Title>
          {summary && <PayoutForm available={summary.balance} />}
          <PayoutsTable />
        </Stack>
      </Card>
    </Stack>
  );
}
