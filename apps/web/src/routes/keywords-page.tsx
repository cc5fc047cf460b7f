import 'mantine-datatable/styles.css';
import { useEffect } from 'react';
import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconApps, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { myAppsQueryOptions } from '../features/apps/api/apps';
import { AppPicker } from '../features/apps/components/app-picker';
import { KeywordCountryPicker } from '../features/keywords/components/keyword-country-picker';
import { KeywordsWorkspace } from '../features/keywords/components/keywords-workspace';
import { errorText } from '../lib/messages';
import { useSession } from '../lib/session';
import {
  readRememberedScope,
  rememberScope,
  resolveKeywordsScope,
  type KeywordsScope,
} from './keywords-scope';
import type { KeywordsSearch } from './search';

const route = getRouteApi('/app/keywords');

/**
 * /keywords: the app and country come from the query (packageId, appstore, country); without them the
 * last ones shown in this browser open, else the first app (customer-area §2). The app picker is the
 * apps feature's, everything below it the keywords feature's.
 */
export function KeywordsPage() {
  const { t } = useTranslation('app');
  const search = route.useSearch();
  const navigate = useNavigate();
  const { user } = useSession();
  const mine = useQuery(myAppsQueryOptions());
  const apps = mine.data?.data;
  const decision = resolveKeywordsScope(search, apps, readRememberedScope(user?.id));

  // Keyed by value: the decision is a new object on every render.
  const redirect = decision.kind === 'redirect' ? JSON.stringify(decision.search) : null;
  const shown = decision.kind === 'show' ? JSON.stringify(decision.scope) : null;
  useEffect(() => {
    if (redirect)
      void navigate({ to: '/keywords', search: JSON.parse(redirect) as KeywordsSearch, replace: true });
  }, [redirect, navigate]);
  useEffect(() => {
    if (shown) rememberScope(user?.id, JSON.parse(shown) as KeywordsScope);
  }, [shown, user?.id]);

  const go = (next: { packageId: string; appstore: number; country: string }) =>
    void navigate({ to: '/keywords', search: { ...next, appstore: String(next.appstore) } });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('keywords.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('keywords.subtitle')}
        </Text>
      </div>

      {mine.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(mine.error)}
        </Alert>
      )}

      {(decision.kind === 'loading' || decision.kind === 'redirect') && !mine.error && (
        <Stack gap="md" aria-busy>
          <Skeleton height={64} radius="lg" />
          <Skeleton height={140} radius="lg" />
          <Skeleton height={320} radius="lg" />
        </Stack>
      )}

      {decision.kind === 'no-apps' && (
        <Card withBorder radius="lg" padding="xl" data-testid="keywords-no-apps">
          <EmptyState
            variant="light"
            icon={<IconApps size={28} stroke={1.5} />}
            title={t('keywords.noApps.title')}
            description={t('keywords.noApps.text')}
            py="lg"
          >
            <EmptyState.Actions>
              <Button
                renderRoot={(props) => <Link {...props} to="/apps" search={{ openModal: 'add-app' }} />}
                leftSection={<IconPlus size={18} />}
              >
                {t('keywords.noApps.action')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      )}

      {(decision.kind === 'show' || decision.kind === 'missing') && apps && (
        <Card withBorder radius="lg" padding="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <AppPicker
              label={t('keywords.app')}
              apps={apps}
              value={decision.kind === 'show' ? decision.app : null}
              onChange={(app) =>
                go({ packageId: app.package, appstore: app.appstore, country: app.country.code })
              }
              style={{ flex: '2 1 280px' }}
              data-testid="keyword-app"
            />
            {decision.kind === 'show' && (
              <div style={{ flex: '1 1 220px' }}>
                <KeywordCountryPicker
                  scope={decision.scope}
                  tracked={decision.app.countries}
                  onChange={(country) => go({ ...decision.scope, country })}
                />
              </div>
            )}
          </Group>
        </Card>
      )}

      {decision.kind === 'missing' && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('keywords.appMissing')}
        </Alert>
      )}

      {decision.kind === 'show' && apps && (
        <KeywordsWorkspace
          key={`${decision.scope.appstore}:${decision.scope.packageId}:${decision.scope.country}`}
          scope={decision.scope}
          apps={apps}
        />
      )}
    </Stack>
  );
}
