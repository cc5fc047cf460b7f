import { useState } from 'react';
import {
  Badge,
  Card,
  Chip,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListDetails, IconSearch } from '@tabler/icons-react';
import {
  APP_STORES,
  BALANCE_FILTERS,
  TRANSACTION_TYPES,
  type Transaction,
  type TransactionType,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import {
  DATE_SHORTCUT_VALUES,
  isValidRange,
  shortcutRange,
  type DateShortcut,
} from '../../../lib/date-range';
import { formatDate, formatDateTime, formatMoney, formatSignedMoney } from '../../../lib/format';
import { transactionsQueryOptions, type TransactionListParams } from '../api/transactions';
import { StoreSelect } from '../../../components/store-select';
import { ledgerDescription } from '../../../lib/ledger-description';
import { DateField } from '../../../components/date-field';

const PAGE_SIZE = 10;
type Period = DateShortcut | 'all';
type BalanceFilter = TransactionListParams['balance'];
const SORTS = { created_at: 'date', amount: 'amount', type: 'type' } as const;

/**
 * My transactions (customer-area §3): the ledger rows with the filters type, balance (all, main, bonus),
 * store, package, search and date (week, 1 month, 3 months or a custom range), sorted and paged on the
 * server; newest first by default.
 */
export function TransactionsTable() {
  const { t } = useTranslation('money');
  const { t: ta } = useTranslation('app');
  const { t: tr } = useTranslation();
  const [balance, setBalance] = useState<BalanceFilter>(BALANCE_FILTERS.ALL);
  const [type, setType] = useState<TransactionType | null>(null);
  const [appstore, setAppstore] = useState<string | null>(null);
  const [packageText, setPackageText] = useState('');
  const [search, setSearch] = useState('');
  const [period, setPeriod] = useState<Period>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [debouncedPackage] = useDebouncedValue(packageText.trim(), 350);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Transaction>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });

  const customOk = period !== 'custom' || isValidRange(from, to);
  const filters = {
    balance,
    type: type ?? undefined,
    appstore: appstore === '1' ? 1 : appstore === '2' ? 2 : undefined,
    package: debouncedPackage || undefined,
    search: debouncedSearch || undefined,
    date: period === 'all' ? undefined : period,
    from: period === 'custom' && customOk ? from : undefined,
    to: period === 'custom' && customOk ? to : undefined,
    sortBy: SORTS[sortStatus.columnAccessor as keyof typeof SORTS] ?? 'date',
    sortType: sortStatus.direction,
  } satisfies Omit<TransactionListParams, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const params: TransactionListParams = { ...filters, page, limit: PAGE_SIZE };
  const { data, isFetching, error } = useQuery({ ...transactionsQueryOptions(params), enabled: customOk });
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 260 },
  );

  const range = period !== 'all' && period !== 'custom' ? shortcutRange(period) : null;
  const filtered =
    balance !== BALANCE_FILTERS.ALL ||
    type ||
    appstore ||
    debouncedPackage ||
    debouncedSearch ||
    period !== 'all';

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="md" wrap="wrap" justify="space-between">
            <SegmentedControl
              value={String(balance)}
              onChange={(value) => setBalance(Number(value) as BalanceFilter)}
              aria-label={t('transactions.balance')}
              data={[
                { value: String(BALANCE_FILTERS.ALL), label: t('transactions.balances.all') },
                { value: String(BALANCE_FILTERS.PAYMENTS), label: t('transactions.balances.main') },
                { value: String(BALANCE_FILTERS.BONUS_PAYMENTS), label: t('transactions.balances.bonus') },
              ]}
            />
            <Chip.Group multiple={false} value={period} onChange={(value) => setPeriod(value as Period)}>
              <Group
                gap={6}
                role="radiogroup"
                aria-label={t('transactions.period')}
                data-testid="transactions-period"
              >
                {(['all', ...DATE_SHORTCUT_VALUES] as const).map((value) => (
                  <Chip key={value} value={value} size="sm" variant="outline" radius="md">
                    {t(`transactions.periods.${value}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Group>
          {range && (
            <Text size="xs" c="dimmed">
              {t('transactions.range', { from: formatDate(range.from), to: formatDate(range.to) })}
            </Text>
          )}
          {period === 'custom' && (
            <Group gap="md" wrap="wrap" align="flex-start">
              <DateField
                label={t('transactions.from')}
                value={from}
                maxDate={to || undefined}
                onChange={(day) => setFrom(day)}
                w={180}
              />
              <DateField
                label={t('transactions.to')}
                value={to}
                minDate={from || undefined}
                onChange={(day) => setTo(day)}
                error={from && to && !customOk ? t('transactions.badRange') : undefined}
                w={180}
              />
              {!from || !to ? (
                <Text size="xs" c="dimmed" mt={30}>
                  {t('transactions.pickRange')}
                </Text>
              ) : null}
            </Group>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <TextInput
              label={tr('common.search')}
              placeholder={t('transactions.searchPlaceholder')}
              leftSection={<IconSearch size={16} stroke={1.6} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Select
              label={t('transactions.type')}
              placeholder={t('transactions.allTypes')}
              data={TRANSACTION_TYPES.map((value) => ({ value, label: t(`transactionType.${value}`) }))}
              value={type}
              onChange={(value) => setType(value as TransactionType | null)}
              clearable
            />
            <StoreSelect
              label={t('transactions.store')}
              placeholder={t('transactions.allStores')}
              value={appstore}
              onChange={setAppstore}
              clearable
            />
            <TextInput
              label={t('transactions.package')}
              placeholder="com.example.app"
              value={packageText}
              onChange={(event) => setPackageText(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
      </Card>

      <ListError error={error} />

      <DataTable<Transaction>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconListDetails size={28} stroke={1.4} />}
        noRecordsText={filtered ? t('transactions.emptyFiltered') : t('transactions.empty')}
        data-testid="transactions-table"
        columns={[
          {
            accessor: 'created_at',
            title: t('transactions.columns.date'),
            sortable: true,
            noWrap: true,
            render: (row) => formatDateTime(row.created_at),
          },
          {
            accessor: 'type',
            title: t('transactions.columns.type'),
            sortable: true,
            render: (row) => t(`transactionType.${row.type}`),
          },
          {
            accessor: 'account',
            title: t('transactions.columns.account'),
            render: (row) => (
              <Badge
                size="sm"
                variant="light"
                color={row.account === 'main' ? 'indigo' : row.account === 'bonus' ? 'teal' : 'grape'}
              >
                {t(`account.${row.account}`)}
              </Badge>
            ),
          },
          {
            accessor: 'description',
            title: t('transactions.columns.description'),
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm">
                  {ledgerDescription(t, row) ?? '—'}
                  {row.by_support && (
                    <Badge size="xs" variant="light" color="gray" ml={6}>
                      {t('transactions.bySupport')}
                    </Badge>
                  )}
                </Text>
                {row.package && (
                  <Text size="xs" c="dimmed">
                    {row.appstore === APP_STORES.APP_STORE ? ta('stores.appStore') : ta('stores.googlePlay')}:{' '}
                    {row.package}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'amount',
            title: t('transactions.columns.amount'),
            sortable: true,
            textAlign: 'right',
            noWrap: true,
            render: (row) => (
              <Text size="sm" fw={600} ff="monospace" c={row.amount.startsWith('-') ? 'red' : 'teal'}>
                {formatSignedMoney(row.amount)}
              </Text>
            ),
          },
          {
            accessor: 'balance_after',
            title: t('transactions.columns.balanceAfter'),
            textAlign: 'right',
            noWrap: true,
            render: (row) => (
              <Text size="sm" ff="monospace">
                {formatMoney(row.balance_after)}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}

/** The page's heading. */
export function TransactionsHeading() {
  const { t } = useTranslation('money');
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('transactions.title')}
      </Title>
      <Text c="dimmed" mt={4}>
        {t('transactions.subtitle')}
      </Text>
    </div>
  );
}
