import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Switch, Text, Textarea } from '@mantine/core';
import { maintenanceBodySchema, type MaintenanceBody } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showFormError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { maintenanceQueryOptions, useSetMaintenance } from '../api/settings';

interface Values extends Record<string, unknown> {
  enabled: boolean;
  message: string;
}
const loadSchema = () => Promise.resolve(maintenanceBodySchema);

/** Maintenance mode: while on, everyone but admins is answered 503; the switch is confirmed first. */
export function MaintenanceTab() {
  const { t } = useTranslation('settings');
  const { data, error, refetch, isPending } = useQuery(maintenanceQueryOptions());
  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  const state = data.data;
  return (
    <Stack gap="md" maw={640}>
      <Group gap="sm">
        <Text fw={500}>{t('maintenance.state')}</Text>
        <Badge color={state.enabled ? 'red.9' : 'teal.9'} data-testid="maintenance-state">
          {state.enabled ? t('maintenance.on') : t('maintenance.off')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('maintenance.hint')}
      </Text>
      <MaintenanceForm
        key={`${state.enabled}-${state.message}`}
        enabled={state.enabled}
        message={state.message}
      />
    </Stack>
  );
}

function MaintenanceForm({ enabled, message }: { enabled: boolean; message: string | null }) {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.maintenance');
  const form = useSchemaForm<Values>(loadSchema, { enabled, message: message ?? '' });
  const save = useSetMaintenance();
  const [confirming, setConfirming] = useState<MaintenanceBody | null>(null);

  const apply = async (body: MaintenanceBody) => {
    try {
      const answer = await save.mutateAsync(body);
      notifySuccess(translateMessage(answer.message ?? ''));
    } catch (error) {
      showFormError(form, error);
    } finally {
      setConfirming(null);
    }
  };
  const submit = form.onSubmit((values) =>
    setConfirming({ enabled: values.enabled, message: values.message }),
  );

  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <Switch
          label={t('maintenance.switch')}
          disabled={!canEdit}
          data-testid="maintenance-switch"
          {...form.getCheckboxProps('enabled')}
        />
        <Textarea
          label={t('maintenance.message')}
          description={t('maintenance.messageHint')}
          autosize
          minRows={2}
          maxRows={6}
          readOnly={!canEdit}
          data-testid="maintenance-message"
          {...form.getInputProps('message')}
        />
        {canEdit && (
          <Group>
            <Button type="submit" loading={form.submitting} data-testid="maintenance-save">
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        title={confirming?.enabled ? t('maintenance.confirmOnTitle') : t('maintenance.confirmOffTitle')}
        confirmLabel={confirming?.enabled ? t('maintenance.confirmOn') : t('maintenance.confirmOff')}
        color={confirming?.enabled ? 'red' : 'blue'}
        loading={save.isPending}
        onConfirm={() => confirming && void apply(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming?.enabled ? t('maintenance.confirmOnText') : t('maintenance.confirmOffText')}
      </ConfirmModal>
    </form>
  );
}
