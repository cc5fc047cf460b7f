import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { RoleRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { rolesQueryOptions, useDeleteRole } from '../api/roles';

/**
 * Asks before deleting a role. A role some users hold is deleted only with a role to move them to (the server
 * refuses otherwise), chosen here.
 */
export function DeleteRoleModal({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const { t: ta } = useTranslation('app');
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const remove = useDeleteRole();
  const inUse = (role?.users_count ?? 0) > 0;
  const others = useQuery({
    ...rolesQueryOptions({ page: 1, limit: 100, orderBy: 'name', sortBy: 'asc' }),
    enabled: inUse,
  });
  const close = () => {
    setMoveTo(null);
    onClose();
  };

  return (
    <Modal
      opened={role !== null}
      onClose={close}
      title={t('roles.deleteTitle', { name: role?.name ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
      data-testid="role-delete-modal"
    >
      <Stack gap="md">
        <Text size="sm">
          {inUse ? t('roles.deleteInUse', { count: role?.users_count }) : t('roles.deleteText')}
        </Text>
        {inUse && (
          <Select
            label={t('roles.moveTo')}
            placeholder={t('roles.moveToPlaceholder')}
            data={(others.data?.data ?? [])
              .filter((other) => other.id !== role?.id)
              .map((other) => ({ value: String(other.id), label: other.name }))}
            value={moveTo}
            onChange={setMoveTo}
            comboboxProps={{ withinPortal: true }}
            required
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {ta('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            disabled={inUse && !moveTo}
            data-autofocus
            onClick={() =>
              role &&
              remove.mutate(
                { id: role.id, moveTo: moveTo ? Number(moveTo) : undefined },
                {
                  onSuccess: (answer) => {
                    notifySuccess(translateMessage(answer.message));
                    close();
                  },
                  onError: (failure) => {
                    close();
                    showApiError(failure);
                  },
                },
              )
            }
          >
            {ta('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
