import { useState } from 'react';
import { ActionIcon, Badge, Code, Select, Stack, Text } from '@mantine/core';
import { IconBug, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ServerError } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { StaffList, useServerList } from '../../../components/staff-list';
import { formatDateTime } from '../../../lib/format';
import { serverErrorsQueryOptions } from '../api/operations';

const SOURCES = ['request', 'job', 'callback'] as const;

/** The server's own error log (the log viewer's second tab): newest first, by source, a row opens to its stack. */
export function ServerErrorsTable() {
  const { t } = useTranslation('operations');
  const [source, setSource] = useState<(typeof SOURCES)[number] | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const list = useServerList({
    filters: { source: source ?? undefined },
    queryOptions: serverErrorsQueryOptions,
  });
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
  return (
    <StaffList<ServerError>
      filters={
        <Select
          label={t('errors.source')}
          placeholder={t('errors.allSources')}
          data={SOURCES.map((value) => ({ value, label: t(`errors.sources.${value}`) }))}
          value={source}
          onChange={(value) => setSource(value as (typeof SOURCES)[number] | null)}
          clearable
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
      }
      list={list}
      emptyIcon={<IconBug size={28} stroke={1.4} />}
      empty={t('errors.empty')}
      testId="server-errors-table"
      rowExpansion={{
        trigger: 'never',
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => (
          <Stack gap={4} p="md">
            <Text size="xs" c="dimmed">
              {t('errors.request', { id: record.request_id ?? '—' })}
            </Text>
            <Code block>{record.stack ?? record.message}</Code>
          </Stack>
        ),
      }}
      columns={[
        {
          accessor: 'expand',
          title: '',
          width: 44,
          render: (row) => (
            <ActionIcon
              variant="subtle"
              aria-expanded={expanded.includes(row.id)}
              aria-label={t('errors.showStack', { id: row.id })}
              onClick={() => toggle(row.id)}
            >
              {expanded.includes(row.id) ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            </ActionIcon>
          ),
        },
        {
          accessor: 'created_at',
          title: t('errors.when'),
          noWrap: true,
          render: (row) => formatDateTime(row.created_at),
        },
        {
          accessor: 'source',
          title: t('errors.source'),
          render: (row) => (
            <Badge variant="light" color={row.source === 'job' ? 'grape' : 'red'} tt="none">
              {t(`errors.sources.${row.source}`)}
            </Badge>
          ),
        },
        {
          accessor: 'where',
          title: t('errors.where'),
          render: (row) => (
            <Text size="sm" ff="monospace">
              {row.source === 'job' ? row.queue : `${row.status ?? ''} ${row.method ?? ''} ${row.url ?? ''}`}
            </Text>
          ),
        },
        { accessor: 'message', title: t('errors.message') },
      ]}
    />
  );
}
