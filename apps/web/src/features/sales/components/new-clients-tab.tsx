import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import type { NewClient } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { FormModal } from '../../../components/form-modal';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { UserDetailsLink } from '../../../components/user-details-link';
import { countryName, formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { newClientsQueryOptions, useChangeManager } from '../api/sales';
import { useSalesFilterOptions } from './sales-filters';

/**
 * New clients: registrations without a manager, those who asked for a personal manager first. A manager
 * takes a client for themselves; who sees all gives one any manager.
 */
export function NewClientsTab() {
  const { t, i18n } = useTranslation('sales');
  const { user, roles } = useSession();
  const { seesAll } = useSalesFilterOptions();
  const isManager = roles.includes('manager');
  const [assigning, setAssigning] = useState<NewClient | null>(null);
  const change = useChangeManager();
  const list = useServerList({
    filters: {},
    queryOptions: ({ page, limit }) => newClientsQueryOptions(page, limit),
  });
  const assign = (client: NewClient, managerId: number, done?: () => void) =>
    change.mutate(
      { user_id: client.id, manager_id: managerId },
      {
        onSuccess: (answer) => {
          notifySuccess(translateMessage(answer.message));
          done?.();
        },
        onError: showApiError,
      },
    );

  return (
    <StaffList<NewClient>
      list={list}
      empty={t('newClients.empty')}
      rowBackgroundColor={(client) => (client.requested_at ? 'var(--mantine-color-yellow-light)' : undefined)}
      columns={[
        { accessor: 'id', title: t('columns.id') },
        {
          accessor: 'email',
          title: t('columns.client'),
          render: (client) => (
            <Stack gap={2}>
              <UserDetailsLink user={client} />
              {client.requested_at && (
                <Group gap={6}>
                  <Badge color="yellow" variant="light" data-testid={`manager-request-${client.id}`}>
                    {t('newClients.requested')}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(client.requested_at)}
                  </Text>
                </Group>
              )}
            </Stack>
          ),
        },
        { accessor: 'full_name', title: t('columns.name') },
        {
          accessor: 'country',
          title: t('columns.country'),
          render: (client) => countryName(client.country, i18n.language),
        },
        { accessor: 'priceplan', title: t('columns.plan') },
        dateColumn('created_at', t('columns.registered')),
        {
          accessor: 'actions',
          title: t('columns.actions'),
          textAlign: 'right',
          render: (client) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {isManager && user && (
                <Button
                  size="compact-sm"
                  onClick={() => assign(client, user.id)}
                  loading={change.isPending && change.variables?.user_id === client.id}
                  data-testid={`assign-me-${client.id}`}
                >
                  {t('newClients.assignMe')}
                </Button>
              )}
              {seesAll && (
                <Button size="compact-sm" variant="default" onClick={() => setAssigning(client)}>
                  {t('newClients.assign')}
                </Button>
              )}
            </Group>
          ),
        },
      ]}
    >
      <FormModal
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        title={t('newClients.assignTitle', { name: assigning?.nickname ?? '' })}
        testId="assign-manager-modal"
      >
        {assigning && (
          <AssignForm
            pending={change.isPending}
            onCancel={() => setAssigning(null)}
            onAssign={(managerId) => assign(assigning, managerId, () => setAssigning(null))}
          />
        )}
      </FormModal>
    </StaffList>
  );
}

function AssignForm({
  pending,
  onCancel,
  onAssign,
}: {
  pending: boolean;
  onCancel: () => void;
  onAssign: (managerId: number) => void;
}) {
  const { t } = useTranslation('sales');
  const { managerOptions } = useSalesFilterOptions();
  const [manager, setManager] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (manager) onAssign(Number(manager));
      }}
    >
      <Stack gap="md">
        <Select
          label={t('filters.manager')}
          data={managerOptions}
          value={manager}
          onChange={setManager}
          searchable
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!manager}>
            {t('newClients.assign')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
