import { Loader, Stack, Text, Textarea, Timeline } from '@mantine/core';
import type { SalesClient } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/form-modal';
import { ListError } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { salesHistoryQueryOptions, useChangeSales } from '../api/sales';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.changeHistoryNoteBodySchema);

/** A client's history note (edited) and every status and note change with its author and time. */
export function ClientNotesModal({ client, onClose }: { client: SalesClient | null; onClose: () => void }) {
  const { t } = useTranslation('sales');
  return (
    <FormModal
      opened={client !== null}
      onClose={onClose}
      title={t('notes.title', { name: client?.nickname ?? '' })}
      testId="sales-notes-modal"
    >
      {client && <NotesForm client={client} onClose={onClose} />}
    </FormModal>
  );
}

function NotesForm({ client, onClose }: { client: SalesClient; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const form = useSchemaForm<{ user_id: number; note: string }>(loadSchema, {
    user_id: client.id,
    note: client.note,
  });
  const change = useChangeSales();
  const history = useQuery(salesHistoryQueryOptions(client.id));
  return (
    <Stack gap="lg">
      <ModalForm
        form={form}
        save={(values) => change.mutateAsync(values)}
        onClose={onClose}
        submitLabel={t('common.save')}
        submitTestId="sales-note-save"
      >
        <Textarea
          label={t('notes.note')}
          autosize
          minRows={3}
          data-autofocus
          data-testid="sales-note"
          {...form.getInputProps('note')}
        />
      </ModalForm>
      <Stack gap="xs">
        <Text fw={600}>{t('notes.history')}</Text>
        <ListError error={history.error} />
        {history.isPending ? (
          <Loader size="sm" aria-label={t('notes.loading')} />
        ) : history.data?.data.length ? (
          <Timeline bulletSize={12} lineWidth={2} data-testid="sales-history">
            {history.data.data.map((entry) => (
              <Timeline.Item key={entry.id} title={t(`statuses.${entry.status}`)}>
                {entry.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {entry.note}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('notes.by', {
                    who: entry.author?.nickname ?? '—',
                    when: formatDateTime(entry.created_at),
                  })}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : (
          <Text size="sm" c="dimmed">
            {t('notes.empty')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
