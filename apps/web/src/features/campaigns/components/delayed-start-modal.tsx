import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/messages';
import { delayedStart } from './campaign-logic';

/** The delayed-start modal: a date and a time, more than 5 minutes ahead (customer-area §5). */
export function DelayedStartModal({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (startAt: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const result = delayedStart(date, time);
    if ('error' in result) setError(translateMessage(result.error));
    else {
      setError(null);
      onConfirm(result.startAt);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('form.delayedStart')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('form.delayedHint')}
        </Text>
        <Group grow>
          <TextInput
            type="date"
            label={t('form.date')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            data-testid="delayed-date"
          />
          <TextInput
            type="time"
            label={t('form.time')}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            data-testid="delayed-time"
          />
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button onClick={confirm} data-testid="delayed-confirm">
            {t('form.setStart')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
