import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconKey, IconList, IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_VERIFY_SNIPPET,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CopyValue } from '../../../components/copy-value';
import { showApiError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { notifySuccess } from '../../../lib/notify';
import {
  useDeleteWebhook,
  useSendWebhook,
  useUpdateWebhook,
  webhookEndpointsQueryOptions,
} from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { EndpointModal } from './endpoint-modal';

/**
 * Webhooks (docs/webhooks.md): the user's endpoints with their events, the secret shown once, on/off,
 * a test event and delete; the delivery log of the chosen one; and how to verify a delivery's signature.
 */
export function WebhooksSection() {
  const { t } = useTranslation('webhooks');
  const endpoints = useQuery(webhookEndpointsQueryOptions());
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const send = useSendWebhook();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const list = endpoints.data?.data ?? [];
  const shown = list.find((endpoint) => endpoint.id === logOf) ?? null;
  const full = list.length >= WEBHOOK_LIMITS.endpointsPerUser;

  return (
    <Stack gap="lg" id="webhooks">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <IconWebhook size={20} stroke={1.6} aria-hidden />
              <Title order={2} fz="lg">
                {t('title')}
              </Title>
            </Group>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
              disabled={full}
              data-testid="webhook-add"
            >
              {t('add')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('intro', {
              count: WEBHOOK_LIMITS.endpointsPerUser,
              seconds: WEBHOOK_LIMITS.timeoutSeconds,
              hours: WEBHOOK_LIMITS.retryHours,
            })}
          </Text>
          {created && (
            <Alert
              color="yellow"
              icon={<IconKey size={18} />}
              title={t('secret.title')}
              withCloseButton
              closeButtonLabel={t('secret.hide')}
              onClose={() => setCreated(null)}
              data-testid="webhook-secret"
            >
              <Stack gap={6}>
                <Text size="sm">{t('secret.once')}</Text>
                <Group gap={4} wrap="nowrap">
                  <Code fz="sm">{created.secret}</Code>
                  <CopyValue value={created.secret} label={t('secret.label')} />
                </Group>
              </Stack>
            </Alert>
          )}
          <ListError error={endpoints.error} onRetry={() => void endpoints.refetch()} />
          {endpoints.isPending ? (
            <Skeleton h={80} radius="md" />
          ) : list.length === 0 ? (
            !endpoints.error && (
              <Text size="sm" c="dimmed" data-testid="webhooks-empty">
                {t('empty')}
              </Text>
            )
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="sm" data-testid="webhooks-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.url')}</Table.Th>
                    <Table.Th>{t('columns.events')}</Table.Th>
                    <Table.Th>{t('columns.secret')}</Table.Th>
                    <Table.Th>{t('columns.active')}</Table.Th>
                    <Table.Th>{t('columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((endpoint) => (
                    <Table.Tr key={endpoint.id}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {endpoint.url}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {endpoint.events.map((event) => (
                            <Badge key={event} variant="light" tt="none" size="sm">
                              {t(`events.${event}`)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Code>{endpoint.secret_hint}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={endpoint.is_active}
                          aria-label={t('toggle', { url: endpoint.url })}
                          onChange={(event) =>
                            update.mutate(
                              { id: endpoint.id, body: { is_active: event.currentTarget.checked } },
                              { onError: showApiError },
                            )
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('log.show')}>
                            <ActionIcon
                              variant={logOf === endpoint.id ? 'filled' : 'subtle'}
                              aria-label={t('log.show')}
                              aria-pressed={logOf === endpoint.id}
                              onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}
                              data-testid="webhook-log-toggle"
                            >
                              <IconList size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('test')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('test')}
                              loading={send.isPending && send.variables.id === endpoint.id}
                              onClick={() =>
                                send.mutate(
                                  { id: endpoint.id },
                                  {
                                    onSuccess: () => {
                                      setLogOf(endpoint.id);
                                      notifySuccess(t('testSent'));
                                    },
                                    onError: showApiError,
                                  },
                                )
                              }
                              data-testid="webhook-test"
                            >
                              <IconSend size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('delete.action')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('delete.action')}
                              onClick={() => setDeleting(endpoint)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {shown && <DeliveryLog endpoint={shown} />}
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('verify.title')}
          </Title>
          <Text size="sm">{t('verify.header', { header: WEBHOOK_SIGNATURE_HEADER })}</Text>
          <Text size="sm">{t('verify.steps')}</Text>
          <Code block>{WEBHOOK_VERIFY_SNIPPET}</Code>
        </Stack>
      </Card>
      <EndpointModal opened={adding} onClose={() => setAdding(false)} onCreated={setCreated} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.action')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (logOf === deleting.id) setLogOf(null);
              setDeleting(null);
              notifySuccess(t('delete.done'));
            },
            onError: (error) => {
              setDeleting(null);
              showApiError(error);
            },
          })
        }
      >
        {t('delete.question', { url: deleting?.url ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
