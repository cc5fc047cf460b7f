import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudDownload, IconSearch } from '@tabler/icons-react';
import type { VendorService } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLoadVendorServices, vendorServicesQueryOptions } from '../api/vendor-services';
import { perThousandText, vendorAmount } from '../../../lib/vendor-money';

const PAGE = 20;

/** The services whose id, name or category holds the text (any case), in one category when one is picked. */
function matching(services: readonly VendorService[], text: string, category: string | null) {
  const needle = text.toLowerCase();
  return services.filter(
    (service) =>
      (category === null || service.category === category) &&
      (needle === '' ||
        [service.service, service.name, service.category].some((value) =>
          value.toLowerCase().includes(needle),
        )),
  );
}

/** A vendor's rate per 1000 as shown: the amount with its currency ("0.80 USD"), or the text as quoted. */
export function RateText({ rate, currency }: { rate: string; currency: string | null }) {
  const amount = vendorAmount(rate);
  return (
    <Text size="sm" ff="monospace" span style={{ whiteSpace: 'nowrap' }}>
      {amount === null ? rate : perThousandText(amount)}
      {currency ? ` ${currency}` : ''}
    </Text>
  );
}

/**
 * A panel vendor's services (issue "Vendors over the panel protocol"): "Load services" asks the panel for its list
 * (`action=services`); the list as last loaded, searched and paged here.
 */
export function VendorServices({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation('admin');
  const services = useQuery(vendorServicesQueryOptions(vendorId));
  const load = useLoadVendorServices(vendorId);
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search.trim(), 200);
  const [category, setCategory] = useState<string | null>(null);
  const [paged, setPaged] = useState({ filter: '', page: 1 });

  const list = services.data?.data;
  const categories = useMemo(
    () => [...new Set((list ?? []).map((service) => service.category))].sort(),
    [list],
  );
  const shown = useMemo(() => matching(list ?? [], text, category), [list, text, category]);
  // A new search or category starts again from page 1.
  const filter = `${text}|${category ?? ''}`;
  const page = paged.filter === filter ? paged.page : 1;
  const tableProps = usePagedTableProps<VendorService>(
    {
      data: { data: shown.slice((page - 1) * PAGE, page * PAGE), meta: { total: shown.length } },
      isFetching: services.isFetching,
    },
    { page, onPageChange: (next) => setPaged({ filter, page: next }), perPage: PAGE, emptyHeight: 160 },
  );
  const currency = services.data?.currency ?? null;
  const yesNo = (value: boolean) => (value ? t('vendors.services.yes') : t('vendors.services.no'));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="vendor-services-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} fz="lg" id="vendor-services-title">
              {t('vendors.services.title')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="vendor-services-loaded">
              {services.data?.loaded_at
                ? t('vendors.services.loadedAt', {
                    time: formatDateTime(services.data.loaded_at),
                    total: formatNumber(services.data.data.length),
                  })
                : t('vendors.services.neverLoaded')}
            </Text>
          </div>
          <Button
            leftSection={<IconCloudDownload size={18} />}
            loading={load.isPending}
            onClick={() => load.mutate()}
            data-testid="vendor-services-load"
          >
            {t('vendors.services.load')}
          </Button>
        </Group>
        <ListError
          error={load.error}
          title={t('vendors.services.loadFailed')}
          testId="vendor-services-error"
        />
        <ListError error={services.error} />
        <Group gap="md" align="flex-end" wrap="wrap">
          <TextInput
            label={t('vendors.services.search')}
            placeholder={t('vendors.services.searchPlaceholder')}
            leftSection={<IconSearch size={16} stroke={1.6} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            maw={420}
            data-testid="vendor-services-search"
          />
          <Select
            label={t('vendors.services.category')}
            placeholder={t('vendors.services.allCategories')}
            data={categories}
            value={category}
            onChange={setCategory}
            searchable
            clearable
            w={{ base: '100%', xs: 260 }}
          />
        </Group>
        <DataTable<VendorService>
          {...tableProps}
          idAccessor="service"
          noRecordsText={list?.length ? t('vendors.services.noMatch') : t('vendors.services.empty')}
          data-testid="vendor-services-table"
          columns={[
            {
              accessor: 'service',
              title: t('vendors.services.columns.service'),
              render: (service) => (
                <Text size="sm" ff="monospace">
                  {service.service}
                </Text>
              ),
            },
            { accessor: 'name', title: t('vendors.services.columns.name') },
            { accessor: 'category', title: t('vendors.services.columns.category') },
            {
              accessor: 'rate',
              title: t('vendors.services.columns.rate'),
              textAlign: 'right',
              render: (service) => <RateText rate={service.rate} currency={currency} />,
            },
            {
              accessor: 'min',
              title: t('vendors.services.columns.min'),
              textAlign: 'right',
              render: (service) => formatNumber(service.min),
            },
            {
              accessor: 'max',
              title: t('vendors.services.columns.max'),
              textAlign: 'right',
              render: (service) => formatNumber(service.max),
            },
            {
              accessor: 'refill',
              title: t('vendors.services.columns.refill'),
              render: (service) => (
                <Badge size="sm" variant="light" color={service.refill ? 'teal' : 'gray'}>
                  {yesNo(service.refill)}
                </Badge>
              ),
            },
            {
              accessor: 'cancel',
              title: t('vendors.services.columns.cancel'),
              render: (service) => (
                <Badge size="sm" variant="light" color={service.cancel ? 'teal' : 'gray'}>
                  {yesNo(service.cancel)}
                </Badge>
              ),
            },
          ]}
        />
      </Stack>
    </Card>
  );
}
