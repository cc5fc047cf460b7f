import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Collapse,
  EmptyState,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
  useMantineTheme,
  type MantineTheme,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconArchive,
  IconDots,
  IconDownload,
  IconFilter,
  IconPlus,
  IconRocket,
  IconSearch,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import {
  CAMPAIGN_FILTER_TABS,
  CAMPAIGN_MESSAGES,
  allowedCampaignActions,
  type Campaign,
  type CampaignAction,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { showApiError } from '../../../components/error-modal';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CampaignStatusBadge, InstallsProgress } from '../../../components/campaign-figures';
import { countryName, formatDateTime, formatMoney } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import {
  campaignFiltersQueryOptions,
  campaignListQueryOptions,
  fetchCampaignsForExport,
  useArchiveAll,
  useCampaignAction,
  useCloneCampaign,
  useToggleCampaignFavorite,
  type CampaignTab,
} from '../api/campaigns';
import {
  appValue,
  CAMPAIGN_PAGE_SIZE,
  initialChoices,
  listFilters,
  listParams,
  type CampaignFilters,
} from '../api/campaign-list-params';
import { cpiOfRow, editState, toCsv } from './campaign-logic';
import { CampaignDetails } from './campaign-details';
import { StoreSelect } from '../../../components/store-select';

/** Columns a phone leaves out (id, days, price, start: all in the details drawer) so status stays in view. */
const WIDE = (theme: MantineTheme) => `(min-width: ${theme.breakpoints.sm})`;

/**
 * My campaigns (customer-area §2): status tabs with counts, search and filters (filled from
 * `POST campaigns/get-filters`), favorites, server paging and sort, each row's star and allowed actions
 * (edit for drafts and delayed ones), archive all, the details drawer and the CSV export of the list.
 */
export function CampaignsTable({
  initial,
  onCharged,
  onSendMessage,
  thread,
  cpiReport,
}: {
  initial: CampaignFilters;
  onCharged: () => void;
  /** "Send message": opens the campaign's thread (composed by the page). */
  onSendMessage?: (campaignId: number) => void;
  /** The thread shown in the details drawer. */
  thread?: (campaignId: number) => ReactNode;
  /** A CPI campaign's report in the details drawer. */
  cpiReport?: (campaign: Campaign) => ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tr } = useTranslation();
  const navigate = useNavigate();
  // On a phone the status tabs become one select and the filters fold behind a button, so the list starts on
  // the first screen.
  const wide = useMediaQuery(WIDE(useMantineTheme()), true, { getInitialValueInEffect: false });
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const start = initialChoices(initial);
  const [tab, setTab] = useState<CampaignTab>(start.tab);
  const [search, setSearch] = useState(start.search);
  const [productType, setProductType] = useState(start.productType);
  const [appstore, setAppstore] = useState(start.appstore);
  const [app, setApp] = useState(start.app);
  const [country, setCountry] = useState(start.country);
  const [favorites, setFavorites] = useState(start.favorites);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Campaign>>(start.sortStatus);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<
    { kind: 'cancel'; campaign: Campaign } | { kind: 'archive-all' } | null
  >(null);
  const [exporting, setExporting] = useState(false);
  const action = useCampaignAction();
  const clone = useCloneCampaign();
  const archiveAll = useArchiveAll();
  const toggleFavorite = useToggleCampaignFavorite();
  const filterOptions = useQuery(campaignFiltersQueryOptions());
  const locale = currentLocale();
  const filters = listFilters({
    tab,
    search: debouncedSearch,
    productType,
    appstore,
    app,
    country,
    favorites,
    sortStatus,
  });
  const [page, setPage] = usePageOf(filters);
  const params = listParams(filters, page);
  const { data, isFetching, error } = useQuery(campaignListQueryOptions(params));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: CAMPAIGN_PAGE_SIZE, emptyHeight: 220 },
  );

  const activeFilters = [productType, appstore, app, country, favorites, debouncedSearch].filter(
    Boolean,
  ).length;
  const filtered = activeFilters > 0;
  const nothingAtAll = data && !filtered && data.counts.all === 0 && (data.counts.archived ?? 0) === 0;

  const run = (campaign: Campaign, kind: CampaignAction) =>
    action.mutate(
      { id: campaign.id, action: kind },
      {
        onSuccess: (answer) => {
          if (answer.message) notifySuccess(translateMessage(answer.message));
          if (kind === 'start' || kind === 'cancel') onCharged();
          setConfirm(null);
        },
        onError: (failure) => {
          setConfirm(null);
          showApiError(failure);
        },
      },
    );

  const edit = (campaign: Campaign) =>
    void navigate({ to: '/add-campaigns', search: { campaignId: String(campaign.id) } });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchCampaignsForExport(filters);
      const csv = toCsv([
        [
          'id',
          'status',
          'type',
          'app',
          'store',
          'package',
          'country',
          'days',
          'installs',
          'installs_total',
          'installs_actual',
          'price',
          'start_at',
          'created_at',
          'keywords',
          'notes',
        ],
        ...rows.map((row) => [
          row.id,
          row.status,
          row.type,
          row.app?.title ?? '',
          row.appstore,
          row.package,
          row.country.code,
          row.days,
          row.installs,
          row.installs_total,
          row.installs_actual,
          row.price,
          row.start_at ?? '',
          row.created_at,
          row.keywords.join('; '),
          row.description,
        ]),
      ]);
      const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `campaigns-${tab}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (failure) {
      showApiError(failure);
    } finally {
      setExporting(false);
    }
  };

  if (nothingAtAll)
    return (
      <Card withBorder radius="lg" padding="xl" data-testid="campaigns-empty">
        <EmptyState
          variant="light"
          icon={<IconRocket size={28} stroke={1.5} />}
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          py="lg"
        >
          <EmptyState.Actions>
            <Button
              renderRoot={(props) => <Link {...props} to="/add-campaigns" />}
              leftSection={<IconPlus size={18} />}
            >
              {t('list.addCampaign')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Card>
    );

  return (
    <Stack gap="lg">
      {wide ? (
        <Tabs value={tab} onChange={(value) => setTab((value ?? 'all') as CampaignTab)}>
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {CAMPAIGN_FILTER_TABS.map((value) => (
              <Tabs.Tab key={value} value={value} data-testid={`campaigns-tab-${value}`}>
                {t(`tabs.${value}`)}{' '}
                {data && (
                  <Badge size="xs" variant="light" color="gray" ml={4}>
                    {data.counts[value]}
                  </Badge>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : (
        <Group gap="sm" wrap="nowrap" align="flex-end">
          <Select
            label={t('columns.status')}
            data={CAMPAIGN_FILTER_TABS.map((value) => ({
              value,
              label: data ? `${t(`tabs.${value}`)} (${data.counts[value]})` : t(`tabs.${value}`),
            }))}
            value={tab}
            onChange={(value) => setTab((value ?? 'all') as CampaignTab)}
            allowDeselect={false}
            style={{ flex: 1 }}
            data-testid="campaigns-tab-select"
          />
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            onClick={toggleFilters}
            aria-expanded={filtersOpen}
            aria-controls="campaigns-filters"
            data-testid="campaigns-filters-toggle"
          >
            {t('list.filters')}
            {activeFilters > 0 && (
              <>
                <Badge size="sm" circle ml={6} aria-hidden>
                  {activeFilters}
                </Badge>
                <VisuallyHidden>{t('list.filtersActive', { count: activeFilters })}</VisuallyHidden>
              </>
            )}
          </Button>
        </Group>
      )}

      <Collapse expanded={wide || filtersOpen} keepMountedMode="display-none" id="campaigns-filters">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
            <TextInput
              label={tr('common.search')}
              placeholder={t('list.searchPlaceholder')}
              leftSection={<IconSearch size={16} stroke={1.6} />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              data-testid="campaigns-search"
            />
            <Select
              label={t('list.product')}
              placeholder={t('list.allProducts')}
              data={(filterOptions.data?.productTypes ?? []).map((type) => ({
                value: String(type),
                label: t(`types.${type}` as 'types.1'),
              }))}
              value={productType}
              onChange={setProductType}
              clearable
              data-testid="campaigns-filter-product"
            />
            <Select
              label={t('list.app')}
              placeholder={t('list.allApps')}
              data={(filterOptions.data?.apps ?? []).map((option) => ({
                value: appValue(option.appstore, option.package),
                label: option.title || option.package,
              }))}
              value={app}
              onChange={setApp}
              searchable
              clearable
              data-testid="campaigns-filter-app"
            />
            <Select
              label={t('list.country')}
              placeholder={t('list.allCountries')}
              data={(filterOptions.data?.countries ?? []).map((option) => ({
                value: option.code.toUpperCase(),
                label: countryName(option.code.toUpperCase(), locale),
              }))}
              value={country}
              onChange={setCountry}
              searchable
              clearable
              data-testid="campaigns-filter-country"
            />
            <StoreSelect
              label={t('list.store')}
              placeholder={t('list.allStores')}
              value={appstore}
              onChange={setAppstore}
              clearable
            />
          </SimpleGrid>
          <Group justify="space-between" align="center" gap="md" wrap="wrap" mt="md">
            <Switch
              label={t('list.favoritesOnly')}
              checked={favorites}
              onChange={(event) => setFavorites(event.currentTarget.checked)}
              thumbIcon={favorites ? <IconStarFilled size={10} /> : undefined}
              data-testid="campaigns-filter-favorites"
            />
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => void exportCsv()}
                loading={exporting}
                data-testid="campaigns-export"
              >
                {t('list.export')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconArchive size={16} />}
                onClick={() => setConfirm({ kind: 'archive-all' })}
                data-testid="campaigns-archive-all"
              >
                {t('list.archiveAll')}
              </Button>
            </Group>
          </Group>
        </Card>
      </Collapse>

      <ListError error={error} />

      <DataTable<Campaign>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconRocket size={28} stroke={1.4} />}
        noRecordsText={t('list.emptyFiltered')}
        onRowClick={({ record }) => setDetailsId(record.id)}
        pinLastColumn
        data-testid="campaigns-table"
        columns={[
          {
            accessor: 'favorite',
            title: '',
            width: 44,
            render: (row) => (
              <ActionIcon
                variant="subtle"
                color={row.favorite ? 'yellow' : 'gray'}
                aria-label={t(row.favorite ? 'actions.unfavorite' : 'actions.favorite', { id: row.id })}
                aria-pressed={row.favorite}
                onClick={(event) => {
                  event.stopPropagation();
                  toggleFavorite.mutate(row, { onError: showApiError });
                }}
                data-testid={`campaign-favorite-${row.id}`}
              >
                {row.favorite ? <IconStarFilled size={18} /> : <IconStar size={18} stroke={1.6} />}
              </ActionIcon>
            ),
          },
          { accessor: 'id', title: '#', sortable: true, visibleMediaQuery: WIDE, render: (row) => row.id },
          {
            accessor: 'app',
            title: t('columns.app'),
            render: (row) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={row.app?.icon} alt="" size={30} radius="sm" />
                <Stack gap={0} miw={0} maw={{ base: 100, sm: 'none' }}>
                  <Text size="sm" truncate>
                    {row.app?.title ?? row.package}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {t(`types.${row.type}` as 'types.1')} ·{' '}
                    {cpiOfRow(row)
                      ? t('list.cpiCountries', { count: cpiOfRow(row)!.countries })
                      : row.country.code.toUpperCase()}
                  </Text>
                </Stack>
              </Group>
            ),
          },
          {
            accessor: 'status',
            title: t('columns.status'),
            sortable: true,
            noWrap: true,
            render: (row) => <CampaignStatusBadge status={row.status} testId={`campaign-status-${row.id}`} />,
          },
          {
            accessor: 'installs_actual',
            title: t('columns.installs'),
            render: (row) => <InstallsProgress campaign={row} testId={`campaign-installs-${row.id}`} />,
          },
          { accessor: 'days', title: t('columns.days'), sortable: true, visibleMediaQuery: WIDE },
          {
            accessor: 'price',
            title: t('columns.price'),
            sortable: true,
            visibleMediaQuery: WIDE,
            textAlign: 'right',
            render: (row) => (
              <>
                <Text size="sm" ff="monospace">
                  {formatMoney(row.price)}
                </Text>
                {cpiOfRow(row) && (
                  <Text size="xs" c="dimmed" ff="monospace" data-testid={`campaign-cpi-spent-${row.id}`}>
                    {t('list.cpiSpent', { amount: formatMoney(cpiOfRow(row)!.spent) })}
                  </Text>
                )}
              </>
            ),
          },
          {
            accessor: 'created_at',
            title: t('columns.created'),
            sortable: true,
            visibleMediaQuery: WIDE,
            noWrap: true,
            render: (row) => formatDateTime(row.start_at ?? row.created_at),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (row) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('actions.menu', { id: row.id })}
                    onClick={(event) => event.stopPropagation()}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
                  <Menu.Item onClick={() => setDetailsId(row.id)}>{t('actions.details')}</Menu.Item>
                  {onSendMessage && (
                    <Menu.Item
                      onClick={() => onSendMessage(row.id)}
                      data-testid={`campaign-message-${row.id}`}
                    >
                      {t('actions.sendMessage')}
                    </Menu.Item>
                  )}
                  <EditMenuItem campaign={row} onEdit={() => edit(row)} />
                  {allowedCampaignActions(row).map((kind) => (
                    <Menu.Item
                      key={kind}
                      color={kind === 'cancel' ? 'red' : undefined}
                      onClick={() =>
                        kind === 'cancel' ? setConfirm({ kind, campaign: row }) : run(row, kind)
                      }
                    >
                      {t(`actions.${kind}`)}
                    </Menu.Item>
                  ))}
                  <Menu.Item
                    onClick={() =>
                      clone.mutate(row.id, {
                        onSuccess: (answer) => notifySuccess(translateMessage(answer.message ?? '')),
                        onError: showApiError,
                      })
                    }
                  >
                    {t('actions.clone')}
                  </Menu.Item>
                  <Menu.Item
                    onClick={() =>
                      void navigate({
                        to: '/add-campaigns',
                        search: { repeat: '1', campaignId: String(row.id) },
                      })
                    }
                  >
                    {t('actions.repeat')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />

      <ConfirmModal
        opened={confirm !== null}
        title={
          confirm?.kind === 'cancel'
            ? t('confirm.cancelTitle', { id: confirm.campaign.id })
            : t('list.archiveAll')
        }
        confirmLabel={confirm?.kind === 'cancel' ? t('actions.cancel') : t('list.archiveAll')}
        loading={action.isPending || archiveAll.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'cancel') run(confirm.campaign, 'cancel');
          else
            archiveAll.mutate(undefined, {
              onSuccess: (answer) => {
                notifySuccess(translateMessage(answer.message));
                setConfirm(null);
              },
              onError: (failure) => {
                setConfirm(null);
                showApiError(failure);
              },
            });
        }}
      >
        {confirm?.kind === 'cancel' ? t('confirm.cancelText') : t('confirm.archiveAllText')}
      </ConfirmModal>
      <CampaignDetails
        id={detailsId}
        onClose={() => setDetailsId(null)}
        onEdit={edit}
        thread={thread}
        cpiReport={cpiReport}
      />
    </Stack>
  );
}

/** Edit for a draft or delayed campaign; a legacy one shows it disabled with the reason (customer-area §8). */
function EditMenuItem({ campaign, onEdit }: { campaign: Campaign; onEdit: () => void }) {
  const { t } = useTranslation('campaigns');
  const state = editState(campaign);
  if (!state) return null;
  if (state === 'legacy')
    return (
      <Tooltip label={translateMessage(CAMPAIGN_MESSAGES.campaignLegacy)} position="left" withinPortal>
        <div>
          <Menu.Item disabled>{t('actions.edit')}</Menu.Item>
        </div>
      </Tooltip>
    );
  return (
    <Menu.Item onClick={onEdit} data-testid={`campaign-edit-${campaign.id}`}>
      {t('actions.edit')}
    </Menu.Item>
  );
}
