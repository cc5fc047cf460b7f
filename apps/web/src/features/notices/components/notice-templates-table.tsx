import { useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NoticeTemplate } from '@storelift/shared';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { NoticeTemplateModal } from './notice-template-modal';
import { noticeTemplatesQueryOptions, useDeleteNoticeTemplate } from '../api/notices';

/** Notice templates (staff-admin §7): texts staff pick when they send a notice; create, edit, delete. */
export function NoticeTemplatesTable() {
  const { t } = useTranslation('notices');
  const list = useServerList({
    filters: {},
    queryOptions: ({ page, limit }) => noticeTemplatesQueryOptions(page, limit),
  });
  const [editing, setEditing] = useState<{ template?: NoticeTemplate } | null>(null);
  const remove = useDeleteNoticeTemplate();
  const deleting = useConfirmRow(remove, (template: NoticeTemplate) => ({
    title: t('templates.deleteTitle', { name: template.name }),
    text: t('templates.deleteText'),
    confirmLabel: t('templates.delete'),
  }));
  return (
    <StaffList<NoticeTemplate>
      title={t('templates.title')}
      subtitle={t('templates.subtitle')}
      create={{ label: t('templates.create'), onClick: () => setEditing({}), testId: 'template-create' }}
      list={list}
      empty={t('templates.empty')}
      columns={[
        { accessor: 'name', title: t('templates.name') },
        {
          accessor: 'text',
          title: t('templates.text'),
          render: (row) => (
            <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              {row.text}
            </Text>
          ),
        },
        dateColumn('updated_at', t('templates.updated'), { time: true }),
      ]}
      rowActions={{
        label: t('templates.actions'),
        render: (row) => (
          <RowMenu
            label={t('templates.menu', { name: row.name })}
            items={[
              { label: t('templates.edit'), onClick: () => setEditing({ template: row }) },
              { label: t('templates.delete'), danger: true, onClick: () => deleting.ask(row) },
            ]}
          />
        ),
      }}
    >
      <NoticeTemplateModal
        opened={editing !== null}
        template={editing?.template}
        onClose={() => setEditing(null)}
      />
      {deleting.dialog}
    </StaffList>
  );
}
