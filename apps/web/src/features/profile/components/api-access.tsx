import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconKey, IconRefresh } from '@tabler/icons-react';
import type { ApiInfo } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CopyValue } from '../../../components/copy-value';
import { showApiError } from '../../../components/error-modal';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useApiAccess } from '../api/profile';

/** The free credits come back on the first of each month (UTC): the first after the last reset, or after now. */
export function nextRenewal(resetAt: string | null, now = new Date()): Date {
  const from = resetAt ? new Date(Math.max(Date.parse(resetAt), now.getTime())) : now;
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
}

/** A token reads in monospace (no 0/O or l/1 doubt); its label stays in the page's font. */
const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type Pending = { kind: 'token' } | { kind: 'pack'; credits: number; price: string };

/** API (customer-area §7 Profile, §9): the token, the monthly free credits, packs and auto-refresh. */
export function ApiAccess({ api }: { api: ApiInfo }) {
  const { t } = useTranslation('profile');
  const { changeToken, buyPack, autoRefresh } = useApiAccess();
  // The full token lives only in this component's memory: the server keeps its hash and shows it once.
  const [fullToken, setFullToken] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const usedShare = api.free_monthly ? ((api.free_monthly - api.credits) / api.free_monthly) * 100 : 0;

  const confirm = () => {
    if (!pending) return;
    const done = ({ message }: { message: string }) => {
      setPending(null);
      notifySuccess(translateMessage(message));
    };
    const failed = (error: unknown) => {
      setPending(null);
      showApiError(error);
    };
    if (pending.kind === 'token') {
      changeToken.mutate(undefined, {
        onSuccess: (response) => {
          setFullToken(response.api_token);
          done(response);
        },
        onError: failed,
      });
    } else {
      buyPack.mutate(pending.credits, { onSuccess: done, onError: failed });
    }
  };

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group gap="xs">
            <IconKey size={20} stroke={1.6} />
            <Title order={2} fz="lg">
              {t('api.tokenTitle')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('api.tokenText')}
          </Text>
          {fullToken ? (
            <>
              <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
                {t('api.copyNow')}
              </Alert>
              <TextInput
                readOnly
                value={fullToken}
                label={t('api.newToken')}
                data-testid="api-token-full"
                styles={MONOSPACE}
                onFocus={(event) => event.currentTarget.select()}
                rightSection={<CopyValue value={fullToken} label={t('api.tokenLabel')} />}
              />
            </>
          ) : (
            <TextInput
              readOnly
              label={t('api.currentToken')}
              value={api.key ?? t('api.noToken')}
              data-testid="api-token-masked"
              styles={api.key ? MONOSPACE : undefined}
            />
          )}
          <Group>
            <Button
              variant={api.key ? 'default' : 'filled'}
              leftSection={<IconRefresh size={16} />}
              onClick={() => setPending({ kind: 'token' })}
            >
              {api.key ? t('api.change') : t('api.create')}
            </Button>
          </Group>
          <Text size="sm">
            <Anchor component={Link} to="/api-support" hash="webhooks">
              {t('api.webhooksLink')}
            </Anchor>
          </Text>
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('api.creditsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Paper withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {t('api.freeLeft')}
              </Text>
              <Text fw={700} ff="monospace" data-testid="api-free-credits">
                {t('api.ofMonthly', {
                  left: formatNumber(api.credits),
                  monthly: formatNumber(api.free_monthly),
                })}
              </Text>
              <Progress value={usedShare} mt={6} size="sm" aria-label={t('api.usedShare')} />
            </Paper>
            <Paper withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {t('api.renews')}
              </Text>
              <Text fw={700}>{formatDate(nextRenewal(api.reset_at))}</Text>
            </Paper>
            <Paper withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {t('api.paid')}
              </Text>
              <Text fw={700} ff="monospace">
                {formatNumber(api.paid_credits)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('api.costText')}
          </Text>
          <Title order={3} fz="md">
            {t('api.packsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {api.packs.map((pack) => (
              <Paper key={pack.credits} withBorder radius="md" p="md">
                <Stack gap={6} align="flex-start">
                  <Badge variant="light">
                    {t('api.packCredits', { credits: formatNumber(pack.credits) })}
                  </Badge>
                  <Text fw={700} fz="lg">
                    {formatMoney(pack.price)}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setPending({ kind: 'pack', credits: pack.credits, price: pack.price })}
                    aria-label={t('api.buyPack', { credits: formatNumber(pack.credits) })}
                  >
                    {t('api.buy')}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Switch
            checked={api.auto_refresh}
            disabled={autoRefresh.isPending}
            onChange={(event) =>
              autoRefresh.mutate(event.currentTarget.checked, {
                onSuccess: ({ message }) => notifySuccess(translateMessage(message)),
                onError: showApiError,
              })
            }
            label={t('api.autoRefresh')}
            description={t('api.autoRefreshHint', {
              credits: formatNumber(api.packs[0]?.credits ?? 0),
              price: formatMoney(api.packs[0]?.price ?? '0'),
            })}
          />
        </Stack>
      </Card>

      <ConfirmModal
        opened={pending !== null}
        color={pending?.kind === 'token' ? 'red' : 'blue'}
        title={
          pending?.kind === 'pack' ? t('api.buyTitle') : api.key ? t('api.changeTitle') : t('api.create')
        }
        confirmLabel={pending?.kind === 'pack' ? t('api.buy') : api.key ? t('api.change') : t('api.create')}
        loading={changeToken.isPending || buyPack.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {pending?.kind === 'pack'
          ? t('api.buyText', { credits: formatNumber(pending.credits), price: formatMoney(pending.price) })
          : api.key
            ? t('api.changeText')
            : t('api.createText')}
      </ConfirmModal>
    </Stack>
  );
}
