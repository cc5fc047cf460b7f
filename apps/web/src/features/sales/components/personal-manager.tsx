import { useState } from 'react';
import { Alert, Avatar, Button, Card, Group, NavLink, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUserStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/form-modal';
import { showApiError } from '../../../components/error-modal';
import { errorText, translateMessage } from '../../../lib/messages';
import { customerManagersQueryOptions, useRequestManager } from '../api/sales';

/**
 * The personal-manager request dialog (customer-area §2, §4): says what happens, sends the request, then shows
 * the confirmation; a customer who already asked sees where the request stands.
 */
export function ManagerRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('sales');
  return (
    <FormModal opened={opened} onClose={onClose} title={t('personal.title')} testId="manager-request-modal">
      <RequestBody onClose={onClose} />
    </FormModal>
  );
}

function RequestBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sales');
  const managers = useQuery(customerManagersQueryOptions());
  const request = useRequestManager();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  if (managers.isPending) return <Skeleton h={80} />;
  const mine = managers.data?.mine;
  const open = managers.data?.request?.status === 'sent';
  const message =
    confirmation ??
    (mine ? t('personal.assigned', { name: mine.full_name }) : open ? t('personal.inProgress') : null);
  return (
    <Stack gap="md">
      {message ? (
        <Alert color="teal" variant="light" role="status" data-testid="manager-request-confirmation">
          {message}
        </Alert>
      ) : (
        <Text size="sm">{t('personal.lead')}</Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        {!message && (
          <Button
            loading={request.isPending}
            data-testid="manager-request-send"
            onClick={() =>
              request.mutate(undefined, {
                onSuccess: (answer) => setConfirmation(translateMessage(answer.message)),
                onError: showApiError,
              })
            }
          >
            {t('personal.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** "Personal manager" in the side menu: opens the request dialog. */
export function ManagerRequestMenuItem() {
  const { t } = useTranslation('app');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <NavLink
        component="button"
        label={t('menu.items.personalManager')}
        leftSection={<IconUserStar size={18} stroke={1.6} />}
        // The dialog's texts load with it, before it opens.
        onClick={() => void i18next.loadNamespaces('sales').then(() => setOpened(true))}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
        data-testid="manager-request-open"
      />
      {/* Mounted only once opened: on every page's menu it would load the dialog's texts for nothing. */}
      {opened && <ManagerRequestModal opened onClose={() => setOpened(false)} />}
    </>
  );
}

/** "Request a personal manager" on Add campaigns. */
export function ManagerRequestButton() {
  const { t } = useTranslation('sales');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconUserStar size={16} />} onClick={() => setOpened(true)}>
        {t('personal.request')}
      </Button>
      <ManagerRequestModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The dashboard's "Your personal manager" card, once one is assigned; loads and fails on its own. */
export function PersonalManagerWidget() {
  const { t } = useTranslation('sales');
  const managers = useQuery(customerManagersQueryOptions());
  if (managers.isPending || (managers.isSuccess && !managers.data.mine)) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label={t('personal.yours')}
      data-testid="personal-manager-card"
    >
      <Title order={2} fz="lg" mb="sm">
        {t('personal.yours')}
      </Title>
      {managers.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert">
          {errorText(managers.error)}
        </Alert>
      ) : (
        managers.data.mine && (
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={managers.data.mine.avatar}
              alt=""
              radius="xl"
              size="lg"
              name={managers.data.mine.full_name}
            />
            <Stack gap={2}>
              <Text fw={600}>{managers.data.mine.full_name}</Text>
              <Text size="sm" component="a" href={`mailto:${managers.data.mine.email}`} c="blue">
                {managers.data.mine.email}
              </Text>
              {managers.data.mine.phone && <Text size="sm">+{managers.data.mine.phone}</Text>}
              {managers.data.mine.messenger_type && managers.data.mine.messenger_id && (
                <Text size="sm">
                  {managers.data.mine.messenger_type}: {managers.data.mine.messenger_id}
                </Text>
              )}
            </Stack>
          </Group>
        )
      )}
    </Card>
  );
}
