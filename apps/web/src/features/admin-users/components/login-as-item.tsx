import { Menu } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import type { AdminUser } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showErrorModal } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { errorText, flattenErrors } from '../../../lib/messages';
import { useCan } from '../../../lib/session';
import { useLoginAsUser } from '../api/login-as';

/** "Log in as user" in a user's action menu (users.login-as): opens the customer in a new tab, errors in a modal. */
export function LoginAsItem({ user }: { user: AdminUser }) {
  const { t } = useTranslation('security');
  const canLoginAs = useCan('users.login-as');
  const loginAs = useLoginAsUser();
  if (!canLoginAs) return null;
  const openAsUser = () =>
    loginAs.mutate(user.email, {
      onError: (error) =>
        showErrorModal(
          error instanceof ApiError && error.errors ? flattenErrors(error) : [errorText(error)],
          t('impersonation.failedTitle'),
        ),
    });
  return (
    <Menu.Item
      leftSection={<IconUserShare size={16} />}
      onClick={openAsUser}
      disabled={loginAs.isPending}
      data-testid={`user-login-as-${user.id}`}
    >
      {t('impersonation.action')}
    </Menu.Item>
  );
}
