import { useState } from 'react';
import { ActionIcon, Badge, Button, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconFilterOff, IconHistory } from '@tabler/icons-react';
import { AUDIT_ACTIONS, type AuditEntry } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { StaffList, useServerList } from '../../../components/staff-list';
import { isValidRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/format';
import { auditQueryOptions, type AuditQuery } from '../api/audit';
import { auditDiff } from './audit-diff';
import { DateField } from '../../../components/date-field';

const SORTS: readonly AuditQuery['orderBy'][] = ['created_at', 'action'];

interface Filters {
  actor: string;
  action: string | null;
  targetUser: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: '', action: null, targetUser: '', from: '', to: '' };

/**
 * The audit log (log viewer): every staff change with who, when, what and on whom, filtered by staff member,
 * action, target user and days, sorted and paged on the server; a row opens to its change, before and after.
 * With `targetUserId` it is one user's audit trail (user details): that filter is fixed and its column goes.
 */
export function AuditLogTable({ targetUserId }: { targetUserId?: number } = {}) {
  const { t } = useTranslation('access');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [debounced] = useDebouncedValue(filters, 350);
  const [expanded, setExpanded] = useState<number[]>([]);
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  // A half-typed or backwards range filters nothing until it is whole (the server would refuse it).
  const range = isValidRange(debounced.from, debounced.to)
    ? { from: debounced.from, to: debounced.to }
    : {
        from: !debounced.to && debounced.from ? debounced.from : undefined,
        to: !debounced.from && debounced.to ? debounced.to : undefined,
      };

  const list = useServerList({
    filters: {
      actor: debounced.actor.trim() || undefined,
      action: (debounced.action ?? undefined) as AuditQuery['action'],
      target_user: debounced.targetUser.trim() || undefined,
      target_user_id: targetUserId,
      ...range,
    },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: auditQueryOptions,
    emptyHeight: 240,
  });
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const actionLabel = (action: string) =>
    t(`audit.actions.${action}` as 'audit.actions.roles.create', { defaultValue: action });
  const toggle = (id: number) =>
    setExpanded((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  return (
    <StaffList<AuditEntry>
      filters={
        <>
          <TextInput
            label={t('audit.filters.actor')}
            placeholder={t('audit.filters.userPlaceholder')}
            value={filters.actor}
            onChange={(event) => set({ actor: event.currentTarget.value })}
            w={220}
            data-testid="audit-actor"
          />
          <Select
            label={t('audit.filters.action')}
            placeholder={t('audit.filters.allActions')}
            data={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionLabel(action) }))}
            value={filters.action}
            onChange={(action) => set({ action })}
            searchable
            clearable
            w={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="audit-action"
          />
          {targetUserId === undefined && (
            <TextInput
              label={t('audit.filters.targetUser')}
              placeholder={t('audit.filters.userPlaceholder')}
              value={filters.targetUser}
              onChange={(event) => set({ targetUser: event.currentTarget.value })}
              w={220}
            />
          )}
          <DateField
            label={t('audit.filters.from')}
            value={filters.from}
            maxDate={filters.to || undefined}
            onChange={(day) => set({ from: day })}
            w={170}
          />
          <DateField
            label={t('audit.filters.to')}
            value={filters.to}
            minDate={filters.from || undefined}
            onChange={(day) => set({ to: day })}
            w={170}
          />
          {filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => setFilters(NO_FILTERS)}
            >
              {t('audit.filters.clear')}
            </Button>
          )}
        </>
      }
      list={list}
      emptyIcon={<IconHistory size={28} stroke={1.4} />}
      // The fixed user of one user's trail is no filter the staff member set.
      empty={filtered ? t('emptyFiltered') : t('audit.empty')}
      testId="audit-table"
      rowExpansion={{
        trigger: 'never',
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => <AuditChange entry={record} />,
      }}
      columns={[
        {
          accessor: 'expand',
          title: '',
          width: 44,
          render: (entry) => {
            const open = expanded.includes(entry.id);
            return (
              <ActionIcon
                variant="subtle"
                aria-expanded={open}
                aria-label={t('audit.showChange', { id: entry.id })}
                onClick={() => toggle(entry.id)}
                data-testid={`audit-expand-${entry.id}`}
              >
                {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              </ActionIcon>
            );
          },
        },
        {
          accessor: 'created_at',
          title: t('audit.columns.when'),
          sortable: true,
          noWrap: true,
          render: (entry) => formatDateTime(entry.created_at),
        },
        {
          accessor: 'actor',
          title: t('audit.columns.actor'),
          render: (entry) =>
            entry.impersonator
              ? t('audit.byImpersonator', {
                  actor: entry.actor?.email ?? '',
                  staff: entry.impersonator.email,
                })
              : (entry.actor?.email ?? t('audit.system')),
        },
        {
          accessor: 'action',
          title: t('audit.columns.action'),
          sortable: true,
          render: (entry) => (
            <Badge variant="light" radius="sm" tt="none">
              {actionLabel(entry.action)}
            </Badge>
          ),
        },
        {
          accessor: 'target_type',
          title: t('audit.columns.target'),
          noWrap: true,
          render: (entry) =>
            `${t(`audit.targets.${entry.target_type}` as 'audit.targets.user', { defaultValue: entry.target_type })}${
              entry.target_id ? ` #${entry.target_id}` : ''
            }`,
        },
        ...(targetUserId === undefined
          ? [
              {
                accessor: 'target_user',
                title: t('audit.columns.targetUser'),
                render: (entry: AuditEntry) => entry.target_user?.email ?? '—',
              },
            ]
          : []),
      ]}
    />
  );
}

/** The change of one audit row: each changed field, before → after, with the request it came from. */
function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('access');
  const { t: tr } = useTranslation();
  const lines = auditDiff(entry.before, entry.after, { yes: tr('common.yes'), no: tr('common.no') });
  return (
    <Stack gap="xs" p="md" data-testid={`audit-change-${entry.id}`}>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('audit.noDetails')}
        </Text>
      ) : (
        <Table withTableBorder withColumnBorders fz="sm" maw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('audit.diff.field')}</Table.Th>
              <Table.Th>{t('audit.diff.before')}</Table.Th>
              <Table.Th>{t('audit.diff.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.field}>
                <Table.Td ff="monospace">{line.field || '—'}</Table.Td>
                <Table.Td c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {line.before || '—'}
                </Table.Td>
                <Table.Td fw={600} style={{ wordBreak: 'break-word' }}>
                  <Text span c="dimmed" fw={400} aria-hidden>
                    →{' '}
                  </Text>
                  {line.after || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="xs" c="dimmed">
        {t('audit.request', { id: entry.request_id ?? '—', ip: entry.ip ?? '—' })}
      </Text>
    </Stack>
  );
}
