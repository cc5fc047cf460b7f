import { useState } from 'react';
import { Anchor, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconBuildingStore } from '@tabler/icons-react';
import type { Vendor } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { showApiError } from '../../../components/error-modal';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useDeleteVendor, useVendorActivity, vendorsQueryOptions, type VendorsQuery } from '../api/vendors';
import { VendorCountries } from './vendor-countries';
import { VendorModal } from './vendor-modal';
import { StoreSelect } from '../../../components/store-select';

const SORTS: readonly VendorsQuery['orderBy'][] = ['id', 'vendor', 'share', 'created_at'];

/**
 * Vendors (staff-admin §2, admin only): server-paged list with search, store filter and sort; create,
 * edit and delete; the vendor's activity switch in its row and the per-country switches in a drawer; its name
 * opens the vendor's page (services and mappings of a panel vendor).
 */
export function VendorsTable() {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('app');
  const { t: tc } = useTranslation('campaigns');
  const [store, setStore] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ vendor?: Vendor } | null>(null);
  const [countriesId, setCountriesId] = useState<number | null>(null);
  const navigate = useNavigate();
  const activity = useVendorActivity();
  const remove = useDeleteVendor();
  const deleting = useConfirmRow(remove, (vendor: Vendor) => ({
    title: t('vendors.deleteTitle', { name: vendor.vendor }),
    text: t('vendors.deleteText'),
    confirmLabel: t('vendors.delete'),
  }));
  const list = useServerList({
    search: true,
    filters: { store: store ? (Number(store) as 1 | 2) : undefined },
    sort: { by: SORTS, initial: 'id', direction: 'asc' },
    queryOptions: vendorsQueryOptions,
  });

  const storeName = (value: number | null) =>
    value === 1 ? ta('stores.googlePlay') : value === 2 ? ta('stores.appStore') : t('vendors.bothStores');
  const countriesVendor = list.data?.data.find((vendor) => vendor.id === countriesId) ?? null;

  return (
    <StaffList<Vendor>
      title={t('vendors.title')}
      subtitle={t('vendors.subtitle')}
      create={{ label: t('vendors.add'), onClick: () => setEditing({}), testId: 'vendor-add', iconSize: 18 }}
      search={{ placeholder: t('vendors.searchPlaceholder'), testId: 'vendors-search' }}
      filters={
        <>
          <StoreSelect
            label={t('vendors.store')}
            placeholder={t('vendors.allStores')}
            value={store}
            onChange={setStore}
            clearable
            w={200}
          />
        </>
      }
      list={list}
      emptyIcon={<IconBuildingStore size={28} stroke={1.4} />}
      empty={t('vendors.empty')}
      emptyFiltered={t('vendors.emptyFiltered')}
      testId="vendors-table"
      columns={[
        { accessor: 'id', title: '#', sortable: true },
        {
          accessor: 'vendor',
          title: t('vendors.columns.vendor'),
          sortable: true,
          render: (vendor) => (
            <Stack gap={4} align="flex-start">
              <Anchor
                size="sm"
                fw={500}
                renderRoot={(props) => (
                  <Link {...props} to="/admin/vendors/$id" params={{ id: String(vendor.id) }} />
                )}
                data-testid={`vendor-link-${vendor.id}`}
              >
                {vendor.vendor}
              </Anchor>
              <Group gap={4}>
                <Badge
                  size="xs"
                  variant="outline"
                  color={vendor.api_url ? 'blue' : 'gray'}
                  title={vendor.api_url ?? undefined}
                >
                  {vendor.api_url ? t(`vendors.protocols.${vendor.protocol}`) : t('vendors.sandboxBadge')}
                </Badge>
                {vendor.mature && (
                  <Badge size="xs" variant="light" color="grape">
                    {t('vendors.matureBadge')}
                  </Badge>
                )}
              </Group>
              {vendor.balance !== null && (
                <Text size="xs" c="dimmed" ff="monospace">
                  {t('vendors.balance', {
                    amount: formatMoney(vendor.balance),
                    currency: vendor.balance_currency ?? '',
                  })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'store',
          title: t('vendors.columns.store'),
          render: (vendor) => storeName(vendor.store),
        },
        {
          accessor: 'country',
          title: t('vendors.columns.country'),
          render: (vendor) => (
            <Stack gap={0}>
              <Text size="sm">{vendor.country?.code.toUpperCase() ?? t('vendors.allCountries')}</Text>
              {vendor.countries.some((entry) => !entry.is_active) && (
                <Text size="xs" c="dimmed">
                  {t('vendors.offIn', {
                    countries: vendor.countries
                      .filter((entry) => !entry.is_active)
                      .map((entry) => entry.country.code.toUpperCase())
                      .join(', '),
                  })}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'products',
          title: t('vendors.columns.products'),
          render: (vendor) =>
            vendor.products.length === 0 ? (
              '—'
            ) : (
              <Group gap={4} maw={260}>
                {vendor.products.map((type) => (
                  <Badge key={type} size="sm" variant="light" color="gray">
                    {tc(`types.${type}` as 'types.1', { defaultValue: String(type) })}
                  </Badge>
                ))}
              </Group>
            ),
        },
        {
          accessor: 'share',
          title: t('vendors.columns.share'),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (vendor) => (
            <Text size="sm" ff="monospace">
              {vendor.share} %
            </Text>
          ),
        },
        {
          accessor: 'is_active',
          title: t('vendors.columns.active'),
          render: (vendor) => (
            <Switch
              checked={vendor.is_active}
              aria-label={t('vendors.activeSwitch', { name: vendor.vendor })}
              disabled={activity.isPending && activity.variables.id === vendor.id}
              data-testid={`vendor-active-${vendor.id}`}
              onChange={(event) =>
                activity.mutate(
                  { id: vendor.id, is_active: event.currentTarget.checked },
                  {
                    onSuccess: (answer) => notifySuccess(translateMessage(answer.message ?? '')),
                    onError: showApiError,
                  },
                )
              }
            />
          ),
        },
        dateColumn('created_at', t('vendors.columns.created'), { sortable: true }),
      ]}
      rowActions={{
        render: (vendor) => (
          <RowMenu
            label={t('vendors.menu', { name: vendor.vendor })}
            items={[
              { label: t('vendors.edit'), onClick: () => setEditing({ vendor }) },
              {
                label: t('vendors.servicesAction'),
                onClick: () => void navigate({ to: '/admin/vendors/$id', params: { id: String(vendor.id) } }),
              },
              { label: t('vendors.countriesAction'), onClick: () => setCountriesId(vendor.id) },
              { label: t('vendors.delete'), danger: true, onClick: () => deleting.ask(vendor) },
            ]}
          />
        ),
      }}
    >
      <VendorModal opened={editing !== null} vendor={editing?.vendor} onClose={() => setEditing(null)} />
      <VendorCountries vendor={countriesVendor} onClose={() => setCountriesId(null)} />
      {deleting.dialog}
    </StaffList>
  );
}
