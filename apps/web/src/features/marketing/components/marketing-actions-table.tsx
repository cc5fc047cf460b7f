import { useState } from 'react';
import { Badge, Select, Stack, Switch, Text } from '@mantine/core';
import { COUNTRIES, type AdminMarketingAction, type MarketingActionKind } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { StaffList, useServerList } from '../../../components/staff-list';
import { countryName, formatDate, formatMoney, formatPercent, lastDayOf } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import {
  marketingActionFiltersQueryOptions,
  marketingActionsQueryOptions,
  useDeleteMarketingAction,
  type MarketingActionsQuery,
} from '../api/marketing-actions';
import { MarketingActionModal } from './marketing-action-modal';

const SORTS: readonly MarketingActionsQuery['orderBy'][] = ['starts_at', 'name', 'created_at'];

/** Where an action stands now: running, waiting for its start, over, or switched off. */
function stateOf(action: AdminMarketingAction): 'current' | 'scheduled' | 'ended' | 'off' {
  if (!action.is_active) return 'off';
  if (action.current) return 'current';
  return new Date(action.starts_at) > new Date() ? 'scheduled' : 'ended';
}
const STATE_COLORS = { current: 'green', scheduled: 'blue', ended: 'gray', off: 'gray' } as const;

/**
 * Marketing actions (staff-admin §2): payment bonuses and campaign discounts with their dates, audience and
 * thresholds; filters type, country and running now; default order start descending. Staff with the manage
 * right create, edit and delete them.
 */
export function MarketingActionsTable() {
  const { t, i18n } = useTranslation('marketing');
  const { t: tc } = useTranslation('campaigns');
  const [type, setType] = useState<MarketingActionKind | null>(null);
  const [country, setCountry] = useState<string | null>(null);
  const [current, setCurrent] = useState(false);
  const [editing, setEditing] = useState<{ action?: AdminMarketingAction } | null>(null);
  const manage = useCan('marketing-actions.manage');
  const remove = useDeleteMarketingAction();
  const deleting = useConfirmRow(remove, (action: AdminMarketingAction) => ({
    title: t('actions.deleteTitle', { name: action.name }),
    text: t('actions.deleteText'),
    confirmLabel: t('actions.delete'),
  }));
  const options = useQuery(marketingActionFiltersQueryOptions());
  const list = useServerList({
    filters: { type: type ?? undefined, country: country ?? undefined, current: current || undefined },
    sort: { by: SORTS, initial: 'starts_at' },
    queryOptions: marketingActionsQueryOptions,
  });
  const planName = (id: number) => options.data?.price_plans.find((plan) => plan.id === id)?.name ?? `#${id}`;
  const audience = (action: AdminMarketingAction) => {
    const parts = [
      action.store ? t(`stores.${action.store}` as 'stores.1') : null,
      action.countries.length ? action.countries.join(', ') : null,
      action.products.length ? action.products.map((p) => tc(`types.${p}` as 'types.1')).join(', ') : null,
      action.price_plans.length ? action.price_plans.map(planName).join(', ') : null,
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : t('everyone');
  };

  return (
    <StaffList<AdminMarketingAction>
      title={t('actions.title')}
      subtitle={t('actions.subtitle')}
      create={
        manage && { label: t('actions.create'), onClick: () => setEditing({}), testId: 'action-create' }
      }
      filters={
        <>
          <Select
            label={t('actions.filters.type')}
            placeholder={t('actions.filters.allTypes')}
            data={(['payment', 'campaign'] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
            value={type}
            onChange={(value) => setType(value as MarketingActionKind | null)}
            clearable
            w={200}
          />
          <Select
            label={t('actions.filters.country')}
            placeholder={t('actions.filters.allCountries')}
            data={COUNTRIES.map(({ code }) => ({ value: code, label: countryName(code, i18n.language) }))}
            value={country}
            onChange={setCountry}
            searchable
            clearable
            w={240}
          />
          <Switch
            label={t('actions.filters.current')}
            checked={current}
            onChange={(event) => setCurrent(event.currentTarget.checked)}
            mb={8}
          />
        </>
      }
      list={list}
      empty={t('actions.empty')}
      columns={[
        {
          accessor: 'name',
          title: t('actions.columns.name'),
          sortable: true,
          render: (action) => (
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {action.name}
              </Text>
              {action.text && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {action.text}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'type',
          title: t('actions.columns.type'),
          render: (action) => t(`types.${action.type}`),
        },
        {
          accessor: 'starts_at',
          title: t('actions.columns.period'),
          sortable: true,
          noWrap: true,
          render: (action) =>
            `${formatDate(action.starts_at)} – ${action.ends_at ? formatDate(lastDayOf(action.ends_at)) : t('actions.open')}`,
        },
        { accessor: 'audience', title: t('actions.columns.audience'), render: audience },
        {
          accessor: 'tiers',
          title: t('actions.columns.tiers'),
          render: (action) => (
            <Stack gap={0}>
              {action.tiers.map((tier) => (
                <Text size="xs" key={tier.from} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                  {t('actions.tier', {
                    from: formatMoney(tier.from),
                    percent: formatPercent(tier.percent),
                  })}
                </Text>
              ))}
            </Stack>
          ),
        },
        {
          accessor: 'current',
          title: t('actions.columns.state'),
          width: 130,
          render: (action) => (
            <Badge variant="light" color={STATE_COLORS[stateOf(action)]}>
              {t(`states.${stateOf(action)}`)}
            </Badge>
          ),
        },
      ]}
      rowActions={{
        label: t('actions.menuColumn'),
        render: (action) =>
          manage ? (
            <RowMenu
              label={t('actions.menu', { name: action.name })}
              items={[
                { label: t('actions.edit'), onClick: () => setEditing({ action }) },
                { label: t('actions.delete'), danger: true, onClick: () => deleting.ask(action) },
              ]}
            />
          ) : null,
      }}
    >
      <MarketingActionModal
        opened={editing !== null}
        action={editing?.action}
        pricePlans={options.data?.price_plans ?? []}
        onClose={() => setEditing(null)}
      />
      {deleting.dialog}
    </StaffList>
  );
}
