import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_TYPES, type NoticeTypeName } from '@storelift/shared';
import { ListError } from '../../../components/paged-table';
import { showApiError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { emailPreferencesQueryOptions, useSaveEmailPreferences } from '../api/notices';

const NAMES = Object.keys(NOTICE_TYPES) as NoticeTypeName[];

/** My profile, e-mail notifications: which notice types also come by e-mail. */
export function NoticeEmailPreferences() {
  const { t } = useTranslation('notices');
  const query = useQuery(emailPreferencesQueryOptions());
  return (
    <Paper withBorder radius="md" p="lg" data-testid="notice-email-preferences">
      <Title order={2} fz="lg">
        {t('emails.title')}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        {t('emails.lead')}
      </Text>
      <ListError error={query.error} onRetry={() => void query.refetch()} />
      {query.isPending ? (
        <Skeleton h={160} />
      ) : query.data ? (
        <PreferencesForm saved={query.data.data.types} />
      ) : null}
    </Paper>
  );
}

function PreferencesForm({ saved }: { saved: number[] }) {
  const { t } = useTranslation('notices');
  const [chosen, setChosen] = useState(() => saved.map(String));
  const save = useSaveEmailPreferences();
  return (
    <Stack gap="md">
      <Checkbox.Group label={t('emails.label')} value={chosen} onChange={setChosen}>
        <Stack gap={8} mt="xs">
          {NAMES.map((name) => (
            <Checkbox key={name} value={String(NOTICE_TYPES[name])} label={t(`types.${name}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(chosen.map(Number), {
              onSuccess: (answer) => notifySuccess(translateMessage(answer.message ?? '')),
              onError: showApiError,
            })
          }
          data-testid="notice-emails-save"
        >
          {t('emails.save')}
        </Button>
      </Group>
    </Stack>
  );
}
