import { useState, type ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconId,
  IconMailForward,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import type { AdminUser } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan, useSession } from '../../../lib/session';
import { useUserAction, type UserAction } from '../api/admin-users';
import { UserEditModal } from './user-edit-modal';

/** Actions that ask first: what they say and how their button looks. */
const CONFIRMED: Partial<Record<UserAction, { color: string }>> = {
  delete: { color: 'red' },
  deactivate: { color: 'orange' },
  activate: { color: 'teal' },
};

/**
 * A user's actions (staff-admin §2 User list): details, edit, activate or deactivate, resend the
 * verification e-mail, delete; each shown to those holding its permission, the changing ones confirmed first.
 * `extraItems` adds items of other features (log in as the user) to the same menu.
 */
export function UserActionsMenu({
  user,
  withDetails = true,
  extraItems,
  onDeleted,
}: {
  user: AdminUser;
  withDetails?: boolean;
  extraItems?: ReactNode;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('users');
  const { t: ta } = useTranslation('app');
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<UserAction | null>(null);
  const action = useUserAction();
  const canUpdate = useCan('users.update');
  const canDelete = useCan('users.delete');
  const { permissions } = useSession();
  const details = withDetails && permissions.includes('user-details');

  const run = (name: UserAction) =>
    action.mutate(
      { id: user.id, action: name },
      {
        onSuccess: (answer) => {
          notifySuccess(translateMessage(answer.message));
          setAsking(null);
          if (name === 'delete') onDeleted?.();
        },
        onError: (failure) => {
          setAsking(null);
          showApiError(failure);
        },
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('actions.menu', { email: user.email })}
            data-testid={`user-menu-${user.id}`}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {details && (
            <Menu.Item
              leftSection={<IconId size={16} />}
              renderRoot={(props) => (
                <Link {...props} to="/admin/user-details/$id" params={{ id: String(user.id) }} />
              )}
            >
              {t('actions.details')}
            </Menu.Item>
          )}
          {canUpdate && (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              {t('actions.edit')}
            </Menu.Item>
          )}
          {!user.email_verified && (
            <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => run('resend')}>
              {t('actions.resend')}
            </Menu.Item>
          )}
          {canUpdate &&
            (user.is_active ? (
              <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => setAsking('deactivate')}>
                {t('actions.deactivate')}
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => setAsking('activate')}>
                {t('actions.activate')}
              </Menu.Item>
            ))}
          {extraItems}
          {canDelete && (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setAsking('delete')}>
              {ta('actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <UserEditModal user={editing ? user : null} onClose={() => setEditing(false)} />
      <ConfirmModal
        opened={asking !== null}
        title={asking ? t(`confirm.${asking}Title` as 'confirm.deleteTitle', { email: user.email }) : ''}
        confirmLabel={asking ? t(`confirm.${asking}` as 'confirm.delete') : ''}
        color={asking ? CONFIRMED[asking]?.color : undefined}
        loading={action.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && run(asking)}
      >
        {asking ? t(`confirm.${asking}Text` as 'confirm.deleteText') : ''}
      </ConfirmModal>
    </>
  );
}
