import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { AVATAR, MESSAGES, type User } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ApiError } from '../../../lib/api';
import { initials } from '../../../lib/format';
import { errorText, fieldErrorTexts, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useAvatar } from '../api/profile';

/** The avatar: a preview, upload (checked for size here, for content on the server) and delete. */
export function AvatarCard({
  avatar,
  name,
  onUser,
}: {
  avatar: string | null;
  name: string;
  onUser: (user: User) => void;
}) {
  const { t } = useTranslation('profile');
  const { upload, remove } = useAvatar(onUser);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const failed = (error: unknown) =>
    setProblem((error instanceof ApiError && fieldErrorTexts(error).image?.[0]) || errorText(error));

  const choose = (file: File | null) => {
    if (!file) return;
    setProblem(null);
    // The server refuses it too; this spares uploading megabytes to hear so.
    if (file.size > AVATAR.maxBytes) return setProblem(translateMessage(MESSAGES.imageTooLarge));
    upload.mutate(file, {
      onSuccess: ({ message }) => notifySuccess(translateMessage(message)),
      onError: failed,
    });
  };

  return (
    <Group gap="lg" align="center" wrap="wrap">
      <Avatar
        src={avatar}
        alt={avatar ? t('avatar.alt', { name }) : undefined}
        size={96}
        radius={96}
        color="indigo"
        data-testid="profile-avatar"
      >
        {initials(name)}
      </Avatar>
      <Stack gap={6}>
        <Group gap="sm">
          <FileButton onChange={choose} accept={AVATAR.accept.join(',')}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
                {avatar ? t('avatar.replace') : t('avatar.upload')}
              </Button>
            )}
          </FileButton>
          {avatar && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('avatar.delete')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('avatar.hint', { size: AVATAR.maxBytes / 1024 / 1024 })}
        </Text>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('avatar.deleteTitle')}
        confirmLabel={t('avatar.delete')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: ({ message }) => {
              setConfirming(false);
              notifySuccess(translateMessage(message));
            },
            onError: (error) => {
              setConfirming(false);
              failed(error);
            },
          })
        }
      >
        {t('avatar.deleteText')}
      </ConfirmModal>
    </Group>
  );
}
