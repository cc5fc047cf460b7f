import { formatMoney, toMoney, type App, type Campaign } from '@storelift/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppPicker } from '../features/apps/components/app-picker';
import { campaignKeys } from '../features/campaigns/api/campaigns';
import { DelayedStart } from '../features/campaigns/components/delayed-start';
import { CpiWizard, type CpiEdited } from '../features/cpi/components/cpi-wizard';
import {
  cpiValuesFromCampaign,
  emptyCpiValues,
  type CpiFormValues,
} from '../features/cpi/components/cpi-logic';
import { profileKeys, profileQueryOptions } from '../features/profile/api/profile';
import { findApp as findIn, preselectedApp, type CampaignSearch } from './campaign-search';

/** Main + bonus balance as one decimal text (a charge takes bonus first, then main). */
export function spendable(balances: { main: string; bonus: string } | undefined): string | undefined {
  if (!balances) return undefined;
  const main = toMoney(balances.main);
  const bonus = toMoney(balances.bonus);
  return main === null || bonus === null ? undefined : formatMoney(main + bonus);
}

/**
 * The Add campaigns tab of the CPI wizard: the cpi feature's wizard with the apps feature's picker, the
 * campaigns feature's delayed start and the profile's balances. A CPI campaign's details (`repeat`,
 * `campaignId`) fill it in and open its summary, and a draft or delayed one (without `repeat`) is edited in
 * place; `packageId` and `appstore` preselect the app. An order or a save goes to My campaigns.
 */
export function CpiTab({
  apps,
  source,
  search,
  edited,
}: {
  apps: readonly App[];
  source: Campaign | undefined;
  search: CampaignSearch;
  /** The CPI draft or delayed campaign edited. */
  edited?: CpiEdited;
}) {
  const { t } = useTranslation('campaigns');
  const profile = useQuery(profileQueryOptions());
  const client = useQueryClient();
  const navigate = useNavigate();
  const findApp = (packageId: string, appstore: number) => findIn(apps, packageId, appstore);

  const repeated = source ? cpiValuesFromCampaign(source) : null;
  let initial: CpiFormValues | null = repeated;
  if (!initial) {
    initial = emptyCpiValues();
    const wanted = preselectedApp(apps, search);
    if (wanted) {
      initial.packageId = wanted.package;
      initial.appstore = wanted.appstore;
      initial.country = wanted.country.code;
    }
  }

  return (
    <CpiWizard
      key={source ? `from-${source.id}` : 'new'}
      initialValues={initial}
      initialStep={repeated ? 'summary' : 'intro'}
      appTitle={(packageId, appstore) => findApp(packageId, appstore)?.title ?? packageId}
      appIcon={(packageId, appstore) => findApp(packageId, appstore)?.icon}
      balance={spendable(profile.data?.balances)}
      DelayedStart={DelayedStart}
      edited={edited}
      renderAppPicker={({ value, error, onChange }) => (
        <AppPicker
          label={t('form.app')}
          apps={apps}
          error={error}
          value={(value && findApp(value.packageId, value.appstore)) ?? null}
          onChange={(app: App) =>
            onChange({ packageId: app.package, appstore: app.appstore, country: app.country.code })
          }
          data-testid="cpi-app"
        />
      )}
      onOrdered={(campaign, draft) => {
        if (edited) client.removeQueries({ queryKey: campaignKeys.details(campaign.id) });
        void client.invalidateQueries({ queryKey: campaignKeys.lists });
        // An order is charged at once: the header's balances are read again.
        if (!draft) void client.invalidateQueries({ queryKey: profileKeys.all });
        void navigate({ to: '/campaigns' });
      }}
    />
  );
}
