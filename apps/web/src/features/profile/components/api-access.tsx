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

type Pending = { kind: 'token' } | { kind: 'testToken' } | { kind: 'pack'; credits: number; price: string };

/** A token shown in full once (with a warning to copy it), else masked, with its create or change button. */
function TokenField({
  masked,
  full,
  labels,
  onChange,
  testId,
}: {
  masked: string | null;
  full: string | null;
  labels: { current: string; none: string; fresh: string; create: string; change: string };
  onChange: () => void;
  testId: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <>
      {full ? (
        <>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="status">
            {t('api.copyNow')}
          </Alert>
          <TextInput
            readOnly
            value={full}
            label={labels.fresh}
            data-testid={`${testId}-full`}
            styles={MONOSPACE}
            onFocus={(event) => event.currentTarget.select()}
            rightSection={<CopyValue value={full} label={t('api.tokenLabel')} />}
          />
        </>
      ) : (
        <TextInput
          readOnly
          label={labels.current}
          value={masked ?? labels.none}
          data-testid={`${testId}-masked`}
          styles={masked ? MONOSPACE : undefined}
        />
      )}
      <Group>
        <Button
          variant={masked ? 'default' : 'filled'}
          leftSection={<IconRefresh size={16} />}
          onClick={onChange}
        >
          {masked ? labels.change : labels.create}
        </Button>
      </Group>
    </>
  );
}

/** API (customer-area §7 Profile, §9): the token, the monthly free credits, packs and auto-refresh. */
export function ApiAccess({ api }: { api: ApiInfo }) {
  const { t } = useTranslation('profile');
  const { changeToken, changeTestToken, buyPack, autoRefresh } = useApiAccess();
  // The full tokens live only in this component's memory: the server keeps their hashes and shows each once.
  const [fullToken, setFullToken] = useState<string | null>(null);
  const [fullTestToken, setFullTestToken] = useState<string | null>(null);
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
    if (pending.kind === 'token' || pending.kind === 'testToken') {
      const test = pending.kind === 'testToken';
      (test ? changeTestToken : changeToken).mutate(undefined, {
        onSuccess: (response) => {
          (test ? setFullTestToken : setFullToken)(response.api_token);
          done(response);
        },
        onError: failed,
      });
    } else {
      buyPack.mutate(pending.credits, { onSuccess: done, onError: failed });
    }
  };

  const confirmTexts = (): { title: string; label: string; text: string } => {
    if (pending?.kind === 'pack') {
      const values = { credits: formatNumber(pending.credits), price: formatMoney(pending.price) };
      return { title: t('api.buyTitle'), label: t('api.buy'), text: t('api.buyText', values) };
    }
    const test = pending?.kind === 'testToken';
    const create = test ? t('api.testCreate') : t('api.create');
    if ((test ? api.test_key : api.key) === null)
      return { title: create, label: create, text: t('api.createText') };
    return test
      ? { title: t('api.testChangeTitle'), label: t('api.testChange'), text: t('api.testChangeText') }
      : { title: t('api.changeTitle'), label: t('api.change'), text: t('api.changeText') };
  };
  const texts = confirmTexts();

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
          <TokenField
            masked={api.key}
            full={fullToken}
            testId="api-token"
            labels={{
              current: t('api.currentToken'),
              none: t('api.noToken'),
              fresh: t('api.newToken'),
              create: t('api.create'),
              change: t('api.change'),
            }}
            onChange={() => setPending({ kind: 'token' })}
          />
          <Title order={3} fz="md" mt="sm">
            {t('api.testTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('api.testText')}
          </Text>
          <TokenField
            masked={api.test_key}
            full={fullTestToken}
            testId="api-test-token"
            labels={{
              current: t('api.testCurrent'),
              none: t('api.noToken'),
              fresh: t('api.testNew'),
              create: t('api.testCreate'),
              change: t('api.testChange'),
            }}
            onChange={() => setPending({ kind: 'testToken' })}
          />
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
        color={pending?.kind === 'pack' ? 'blue' : 'red'}
        title={texts.title}
        confirmLabel={texts.label}
        loading={changeToken.isPending || changeTestToken.isPending || buyPack.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {texts.text}
      </ConfirmModal>
    </Stack>
  );
}
