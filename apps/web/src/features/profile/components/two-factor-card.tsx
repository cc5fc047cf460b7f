import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupResponse,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/copy-value';
import { showApiError, showFormError } from '../../../components/error-modal';
import { PasswordField } from '../../../components/password-field';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { twoFactorQueryOptions, useTwoFactor } from '../api/profile';

const loadEnable = () => Promise.resolve(twoFactorEnableBodySchema);
const loadDisable = () => Promise.resolve(twoFactorDisableBodySchema);

/** Step two of setting up: scan or type the secret, then prove it with the app's first code. */
function EnableForm({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
}) {
  const { t } = useTranslation('profile');
  const { enable } = useTwoFactor();
  const form = useSchemaForm<TwoFactorEnableBody>(loadEnable, { code: '' });
  const submit = form.onSubmit(async (values) => {
    try {
      const response = await enable.mutateAsync(values);
      notifySuccess(translateMessage(response.message));
      onEnabled(response.recovery_codes);
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps} aria-label={t('twoFactor.enableTitle')}>
      <Stack gap="sm">
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Group align="flex-start" gap="lg">
          <Image src={setup.qr} alt={t('twoFactor.qrAlt')} w={180} h={180} bg="white" radius="sm" />
          <Stack gap={6} maw={360}>
            <Text size="sm" c="dimmed">
              {t('twoFactor.typeSecret')}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Code>
              <CopyValue value={setup.secret} label={t('twoFactor.secretLabel')} />
            </Group>
          </Stack>
        </Group>
        <TextInput
          label={t('twoFactor.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          maw={220}
          withAsterisk
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('twoFactor.turnOn')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation('profile');
  const { disable } = useTwoFactor();
  const form = useSchemaForm<TwoFactorDisableBody>(loadDisable, { password: '' });
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(translateMessage((await disable.mutateAsync(values)).message));
      onDisabled();
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps} aria-label={t('twoFactor.turnOff')}>
      <Group align="flex-end" gap="sm">
        <PasswordField
          label={t('twoFactor.password')}
          autoComplete="current-password"
          withAsterisk
          w={260}
          {...form.getInputProps('password')}
        />
        <Button type="submit" color="red" variant="light" loading={form.submitting}>
          {t('twoFactor.turnOff')}
        </Button>
      </Group>
    </form>
  );
}

/** Two-factor sign-in (TOTP): off, setting up, or on with its recovery codes (shown once, when turned on). */
export function TwoFactorCard() {
  const { t } = useTranslation('profile');
  const status = useQuery(twoFactorQueryOptions());
  const { setup } = useTwoFactor();
  const [recovery, setRecovery] = useState<string[] | null>(null);

  if (status.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorText(status.error)}
      </Alert>
    );
  }
  if (!status.data) return <Skeleton h={80} radius="md" />;
  const { enabled, recovery_codes_left: left } = status.data;

  return (
    <Stack gap="md">
      <Group gap="xs">
        {/* A dot badge: the text keeps the page's colour (a light badge's green is too pale to read). */}
        <Badge color={enabled ? 'teal' : 'gray'} variant="dot" size="lg">
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Badge>
        {enabled && (
          <Text size="sm" c="dimmed">
            {t('twoFactor.codesLeft', { count: left })}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('twoFactor.text')}
      </Text>
      {recovery && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          <Stack gap="xs">
            <Text fw={700}>{t('twoFactor.recoveryTitle')}</Text>
            <Text size="sm">{t('twoFactor.recoveryText')}</Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing={6} data-testid="recovery-codes">
              {recovery.map((code) => (
                <Code key={code}>{code}</Code>
              ))}
            </SimpleGrid>
            <Group gap={4}>
              <CopyValue value={recovery.join('\n')} label={t('twoFactor.recoveryLabel')} />
              <Text size="xs">{t('twoFactor.copyAll')}</Text>
            </Group>
          </Stack>
        </Alert>
      )}
      {enabled ? (
        <DisableForm
          onDisabled={() => {
            // A later set-up starts from a new secret; the old codes are void.
            setup.reset();
            setRecovery(null);
          }}
        />
      ) : setup.data ? (
        <EnableForm setup={setup.data} onEnabled={setRecovery} />
      ) : (
        <Group>
          <Button
            loading={setup.isPending}
            onClick={() => setup.mutate(undefined, { onError: showApiError })}
          >
            {t('twoFactor.setUp')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
