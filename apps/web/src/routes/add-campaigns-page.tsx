import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconApps, IconPlus } from '@tabler/icons-react';
import { CAMPAIGN_MESSAGES, PRODUCT_TYPES, isEditableCampaign, type App } from '@storelift/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { myAppsQueryOptions } from '../features/apps/api/apps';
import { AppPicker } from '../features/apps/components/app-picker';
import { campaignDetailsQueryOptions } from '../features/campaigns/api/campaigns';
import { AddCampaignForm } from '../features/campaigns/components/add-campaign-form';
import {
  emptyFormValues,
  FORM_PRODUCT_TYPES,
  formValuesFromCampaign,
  type CampaignFormValues,
  type FormProductType,
} from '../features/campaigns/components/campaign-logic';
import { profileKeys, profileQueryOptions } from '../features/profile/api/profile';
import { constantsQueryOptions } from '../features/reference/api/reference';
import { errorText, translateMessage } from '../lib/messages';
import { advancedModeOf, campaignSearch, findApp as findIn, preselectedApp } from './campaign-search';
import { CpiTab, spendable } from './cpi-tab';
import { ManagerRequestButton } from '../features/sales/components/personal-manager';

const route = getRouteApi('/app/add-campaigns');

/**
 * /add-campaigns: the order form of the campaigns feature with the apps feature's picker. `campaignId`
 * edits that draft or delayed campaign, or (with `repeat`, or for any other status) fills a new order in
 * from it; `productType`, `packageId`, `appstore`, `country` preselect; `isAdvancedMode` and
 * `omitAdvancedMode` choose the form's mode.
 */
export function AddCampaignsPage() {
  const { t } = useTranslation('campaigns');
  const search = campaignSearch(route.useSearch());
  const navigate = useNavigate();
  const client = useQueryClient();
  const mine = useQuery(myAppsQueryOptions());
  const constants = useQuery(constantsQueryOptions());
  const profile = useQuery(profileQueryOptions());
  // What this deployment sells (the server's word): CPI and guaranteed reviews may not be.
  const orderable = constants.data?.orderableProductTypes;
  const sourceId = search.campaignId ? Number(search.campaignId) : undefined;
  const source = useQuery({ ...campaignDetailsQueryOptions(sourceId ?? 0), enabled: sourceId !== undefined });
  const apps = mine.data?.data;
  // A CPI campaign opens the CPI tab (the wizard edits it); the form edits every other product.
  const cpi = search.productType === String(PRODUCT_TYPES.cpi) || source.data?.type === PRODUCT_TYPES.cpi;
  const edited = source.data && !search.repeat && isEditableCampaign(source.data) ? source.data : undefined;
  const editedState = edited && { id: edited.id, status: edited.status, startAt: edited.start_at };

  const findApp = (packageId: string, appstore: number) => findIn(apps ?? [], packageId, appstore);

  let initial: CampaignFormValues | null = null;
  if (apps && orderable && (sourceId === undefined || source.data || source.error)) {
    if (source.data) initial = formValuesFromCampaign(source.data);
    else {
      const wantedType = Number(search.productType);
      initial = emptyFormValues(
        (FORM_PRODUCT_TYPES as readonly number[]).includes(wantedType) && orderable.includes(wantedType)
          ? (wantedType as FormProductType)
          : PRODUCT_TYPES.keyword,
      );
      const wanted = preselectedApp(apps, search);
      if (wanted) {
        initial.packageId = wanted.package;
        initial.appstore = wanted.appstore;
        initial.country =
          search.country && wanted.countries.includes(search.country) ? search.country : wanted.country.code;
      }
    }
  }

  return (
    <Stack gap="lg" maw={980}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {edited
            ? t('add.editTitle', { id: edited.id })
            : search.repeat && source.data
              ? t('add.repeatTitle', { id: source.data.id })
              : t('add.title')}
        </Title>
        <Group justify="space-between" align="flex-end" mt={4}>
          <Text c="dimmed">{t('add.subtitle')}</Text>
          <ManagerRequestButton />
        </Group>
      </div>

      {(mine.error ?? source.error ?? constants.error) && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(mine.error ?? source.error ?? constants.error)}
        </Alert>
      )}

      {source.data?.is_legacy && !search.repeat && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="campaign-legacy">
          {translateMessage(CAMPAIGN_MESSAGES.campaignLegacy)}
        </Alert>
      )}

      {!initial && !mine.error && (
        <Stack gap="md" aria-busy>
          <Skeleton height={48} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      )}

      {apps && apps.length === 0 && (
        <Card withBorder radius="lg" padding="xl" data-testid="campaigns-no-apps">
          <EmptyState
            variant="light"
            icon={<IconApps size={28} stroke={1.5} />}
            title={t('add.noApps')}
            description={t('add.noAppsText')}
            py="lg"
          >
            <EmptyState.Actions>
              <Button
                renderRoot={(props) => <Link {...props} to="/apps" search={{ openModal: 'add-app' }} />}
                leftSection={<IconPlus size={18} />}
              >
                {t('add.addApp')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}

      {initial && apps && orderable && apps.length > 0 && (
        <AddCampaignForm
          key={source.data ? `from-${source.data.id}` : 'new'}
          initialValues={initial}
          edited={editedState}
          orderable={orderable}
          balance={spendable(profile.data?.balances)}
          appTitle={(packageId, appstore) => findApp(packageId, appstore)?.title ?? packageId}
          initialTab={cpi && orderable.includes(PRODUCT_TYPES.cpi) ? 'cpi' : null}
          advancedMode={advancedModeOf(search, initial.installsPlan !== null)}
          appCountries={(packageId, appstore) => findApp(packageId, appstore)?.countries ?? []}
          extraTabs={
            orderable.includes(PRODUCT_TYPES.cpi)
              ? [
                  {
                    value: 'cpi',
                    label: t('types.4'),
                    testId: 'tab-cpi',
                    panel: (
                      <CpiTab
                        apps={apps}
                        source={source.data}
                        search={search}
                        edited={cpi ? editedState : undefined}
                      />
                    ),
                  },
                ]
              : []
          }
          renderAppPicker={({ value, error, onChange }) => (
            <AppPicker
              label={t('form.app')}
              apps={apps}
              error={error}
              value={(value && findApp(value.packageId, value.appstore)) ?? null}
              onChange={(app: App) =>
                onChange({
                  packageId: app.package,
                  appstore: app.appstore,
                  country: app.country.code,
                  countries: app.countries,
                })
              }
              data-testid="campaign-app"
            />
          )}
          onOrdered={(_campaign, draft) => {
            // An order is charged at once: the header's balances are read again.
            if (!draft) void client.invalidateQueries({ queryKey: profileKeys.all });
            void navigate({ to: '/campaigns' });
          }}
        />
      )}
    </Stack>
  );
}
