import { useState } from 'react';
import { Badge, Button, Group, Loader, Modal, Pagination, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/paged-table';
import { showFormError } from '../../../components/error-modal';
import { formatDateTime } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { campaignThreadQueryOptions, useSendCampaignMessage } from '../api/notices';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.campaignMessageBodySchema);

/**
 * A campaign's thread between its customer and staff (`base` private: the customer; admin: staff), newest
 * first, paged, with the form to write. `onRead` runs once a page was read (staff refresh their badges).
 */
export function CampaignThread({
  base,
  campaignId,
  onRead,
}: {
  base: 'private' | 'admin';
  campaignId: number;
  onRead?: () => void;
}) {
  const { t } = useTranslation('notices');
  const [page, setPage] = useState(1);
  const query = useQuery(campaignThreadQueryOptions(base, campaignId, page));
  const [readOnce, setReadOnce] = useState(false);
  const [sent, setSent] = useState(0);
  if (query.isSuccess && !readOnce) {
    setReadOnce(true);
    onRead?.();
  }
  const mine = base === 'private' ? 'customer' : 'staff';
  const lastPage = Math.max(1, Math.ceil((query.data?.meta.total ?? 0) / 10));
  return (
    <Stack gap="md" data-testid="campaign-thread">
      <MessageForm
        key={sent}
        base={base}
        campaignId={campaignId}
        onSent={() => {
          setSent((count) => count + 1);
          setPage(1);
        }}
      />
      <ListError error={query.error} />
      {query.isPending && <Loader size="sm" aria-label={t('thread.loading')} />}
      {query.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('thread.empty')}
        </Text>
      )}
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data?.data.map((message) => (
          <Paper
            key={message.id}
            component="li"
            withBorder
            p="sm"
            radius="md"
            ml={message.from === mine ? 'xl' : 0}
            mr={message.from === mine ? 0 : 'xl'}
            data-testid="campaign-message"
          >
            <Group justify="space-between" gap="xs" mb={4}>
              <Badge variant="light" color={message.from === 'staff' ? 'indigo' : 'gray'}>
                {message.from === 'staff' ? t('thread.staff') : message.author}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.created_at)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
          </Paper>
        ))}
      </Stack>
      {lastPage > 1 && (
        <Pagination
          value={page}
          onChange={setPage}
          total={lastPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? t('thread.newer') : t('thread.older'),
          })}
        />
      )}
    </Stack>
  );
}

/** The form to write; the thread remounts it after each message, so it starts empty. */
function MessageForm({
  base,
  campaignId,
  onSent,
}: {
  base: 'private' | 'admin';
  campaignId: number;
  onSent: () => void;
}) {
  const { t } = useTranslation('notices');
  const form = useSchemaForm<{ text: string }>(loadSchema, { text: '' });
  const send = useSendCampaignMessage(base, campaignId);
  const submit = form.onSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      onSent();
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="xs">
        <Textarea
          label={t('thread.label')}
          autosize
          minRows={2}
          maxRows={8}
          data-testid="campaign-message-text"
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="campaign-message-send">
            {t('thread.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Send message" on a campaign: its thread in a dialog. */
export function CampaignThreadModal({
  base,
  campaignId,
  onClose,
  onRead,
}: {
  base: 'private' | 'admin';
  campaignId: number | null;
  onClose: () => void;
  onRead?: () => void;
}) {
  const { t } = useTranslation('notices');
  return (
    <Modal
      opened={campaignId !== null}
      onClose={onClose}
      title={t('thread.title', { id: campaignId ?? '' })}
      size="lg"
      centered
      data-testid="campaign-thread-modal"
    >
      {campaignId !== null && <CampaignThread base={base} campaignId={campaignId} onRead={onRead} />}
    </Modal>
  );
}
