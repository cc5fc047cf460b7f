import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { NOTICE_TYPES, sendNoticeBodySchema, type Notice } from '@storelift/shared';
import { showFormError } from '../../../components/error-modal';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { noticeTemplatesQueryOptions, useSendNotice, userNoticesQueryOptions } from '../api/notices';

const PAGE_SIZE = 10;
const TYPE_NAMES = Object.fromEntries(Object.entries(NOTICE_TYPES).map(([name, value]) => [value, name]));

/** User details, messages: the user's notices and (with `notices.send`) the form that sends one. */
export function UserNotices({ userId }: { userId: number }) {
  const { t } = useTranslation('notices');
  const [page, setPage] = useState(1);
  const query = useQuery(userNoticesQueryOptions(userId, page, PAGE_SIZE));
  const pagedProps = usePagedTableProps(query, {
    page,
    onPageChange: setPage,
    perPage: PAGE_SIZE,
    emptyHeight: 160,
  });
  const canSend = useCan('notices.send');
  const [sent, setSent] = useState(0);
  return (
    <Stack gap="lg">
      {canSend && (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb="sm">
            {t('send.title')}
          </Title>
          <SendNoticeForm key={sent} userId={userId} onSent={() => (setSent((n) => n + 1), setPage(1))} />
        </Paper>
      )}
      <ListError error={query.error} />
      <DataTable<Notice>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('send.empty')}
        columns={[
          {
            accessor: 'created_at',
            title: t('send.columns.date'),
            noWrap: true,
            render: (notice) => formatDateTime(notice.created_at),
          },
          {
            accessor: 'type',
            title: t('send.columns.type'),
            render: (notice) => t(`types.${TYPE_NAMES[notice.type] ?? 'message'}` as 'types.message'),
          },
          {
            accessor: 'text',
            title: t('send.columns.text'),
            render: (notice) => (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {notice.text}
              </Text>
            ),
          },
          {
            accessor: 'is_read',
            title: t('send.columns.status'),
            render: (notice) => (
              <Badge variant="light" color={notice.is_read ? 'gray' : 'indigo'}>
                {notice.is_read ? t('send.read') : t('send.unread')}
              </Badge>
            ),
          },
        ]}
      />
    </Stack>
  );
}

const loadSchema = () => Promise.resolve(sendNoticeBodySchema);
type Values = {
  user_id: number;
  text: string;
  template_id: string | null;
  pinned: boolean;
  external_id: string;
};

function SendNoticeForm({ userId, onSent }: { userId: number; onSent: () => void }) {
  const { t } = useTranslation('notices');
  const templates = useQuery(noticeTemplatesQueryOptions(1, 0));
  const form = useSchemaForm<Values>(loadSchema, {
    user_id: userId,
    text: '',
    template_id: null,
    pinned: false,
    external_id: '',
  });
  const send = useSendNotice();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync({
        user_id: userId,
        type: NOTICE_TYPES.message,
        text: values.text || undefined,
        template_id: values.template_id ? Number(values.template_id) : undefined,
        external_id: values.external_id || undefined,
        pinned: values.pinned,
      });
      notifySuccess(translateMessage(answer.message));
      onSent();
    } catch (error) {
      showFormError(form, error);
    }
  });
  const pick = (id: string | null) => {
    form.setFieldValue('template_id', id);
    const template = templates.data?.data.find((row) => String(row.id) === id);
    if (template) form.setFieldValue('text', template.text);
  };
  return (
    <form onSubmit={submit} {...form.formProps} data-testid="send-notice-form">
      <Stack gap="sm">
        <Select
          label={t('send.template')}
          placeholder={t('send.noTemplate')}
          clearable
          searchable
          data={(templates.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={form.values.template_id}
          onChange={pick}
          data-testid="send-notice-template"
        />
        <Textarea
          label={t('send.text')}
          autosize
          minRows={3}
          maxRows={10}
          data-testid="send-notice-text"
          {...form.getInputProps('text')}
        />
        <Group justify="space-between" align="flex-end">
          <Checkbox label={t('send.pinned')} {...form.getCheckboxProps('pinned')} />
          <Button type="submit" loading={form.submitting} data-testid="send-notice-submit">
            {t('send.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
