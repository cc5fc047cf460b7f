import { useState } from 'react';
import { Alert, Avatar, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import type { AppStore, CloneKeywordsResponse } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { showErrorModal, showApiError } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { flattenErrors, messageText } from '../../../lib/messages';
import { useCloneKeywords, type CloneTarget, type KeywordScope } from '../api/keywords';

/** An app keywords can be copied to. */
export interface CloneApp {
  package: string;
  appstore: AppStore;
  title: string;
  icon: string;
  countries: readonly string[];
}

const keyOf = (app: Pick<CloneApp, 'appstore' | 'package'>) => `${app.appstore}:${app.package}`;

/** What to send for a target: only what differs from the source; null when nothing does. */
export function cloneTarget(
  scope: KeywordScope,
  app: Pick<CloneApp, 'appstore' | 'package'>,
  country: string,
): CloneTarget | null {
  const otherApp = app.package !== scope.packageId || app.appstore !== scope.appstore;
  const otherCountry = country !== scope.country;
  if (!otherApp && !otherCountry) return null;
  return {
    ...(otherApp ? { toPackageId: app.package, toAppstore: app.appstore } : {}),
    // Another app keeps the country unless one is chosen; the server needs it said when it differs.
    ...(otherCountry || otherApp ? { toCountry: country } : {}),
  };
}

/** Copies this app's keywords (in this country) to another country and/or another of the user's apps. */
export function CloneKeywordsModal({
  opened,
  onClose,
  scope,
  apps,
  count,
}: {
  opened: boolean;
  onClose: () => void;
  scope: KeywordScope;
  apps: readonly CloneApp[];
  count: number;
}) {
  const { t } = useTranslation('app');
  const narrow = useMediaQuery('(max-width: 36em)');
  const clone = useCloneKeywords(scope);
  const source = apps.find((app) => app.package === scope.packageId && app.appstore === scope.appstore);
  const [appKey, setAppKey] = useState(keyOf({ package: scope.packageId, appstore: scope.appstore }));
  const [country, setCountry] = useState('');
  const [result, setResult] = useState<{ response: CloneKeywordsResponse; target: KeywordScope } | null>(
    null,
  );
  const target = apps.find((app) => keyOf(app) === appKey) ?? source;

  const close = () => {
    setResult(null);
    setCountry('');
    clone.reset();
    onClose();
  };

  const submit = async () => {
    if (!target) return;
    const chosen = cloneTarget(scope, target, country || scope.country);
    if (!chosen) return showErrorModal([messageText('cloneSameTarget')]);
    try {
      const response = await clone.mutateAsync(chosen);
      setResult({
        response,
        target: { packageId: target.package, appstore: target.appstore, country: country || scope.country },
      });
    } catch (error) {
      if (error instanceof ApiError && error.errors) showErrorModal(flattenErrors(error));
      else showApiError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('keywords.clone.title')} centered fullScreen={narrow}>
      {result ? (
        <Stack gap="md">
          <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="clone-result">
            {t('keywords.clone.result', {
              copied: result.response.data.copied,
              skipped: result.response.data.skipped,
            })}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.close')}
            </Button>
            <Button
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/keywords"
                  search={{
                    packageId: result.target.packageId,
                    appstore: String(result.target.appstore),
                    country: result.target.country,
                  }}
                />
              )}
              onClick={close}
            >
              {t('keywords.clone.open')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('keywords.clone.text', { count })}
          </Text>
          <Select
            label={t('keywords.clone.toApp')}
            value={appKey}
            onChange={(value) => value && setAppKey(value)}
            allowDeselect={false}
            searchable
            data={apps.map((app) => ({
              value: keyOf(app),
              label: `${app.title} · ${app.appstore === 1 ? t('stores.googlePlay') : t('stores.appStore')}`,
            }))}
            leftSection={target ? <Avatar src={target.icon} alt="" size={22} radius="sm" /> : undefined}
            comboboxProps={{ withinPortal: true }}
          />
          <CountrySelect
            label={t('keywords.clone.toCountry')}
            value={country || scope.country}
            onChange={setCountry}
            priority={target?.countries ?? []}
            priorityLabel={t('countries.tracked')}
            otherLabel={t('countries.other')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => void submit()} loading={clone.isPending} disabled={count === 0}>
              {t('keywords.clone.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
