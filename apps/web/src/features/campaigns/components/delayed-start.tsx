import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconClock, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { delayedStart } from './campaign-logic';

export interface DelayedStartProps {
  startAt: string | null;
  onChange: (startAt: string | null) => void;
  /** A delayed campaign keeps a start time (the server requires it): it can move but not go. */
  fixed?: boolean;
  disabled?: boolean;
  /** `{testId}-start-at` on the time's badge, `{testId}-delayed` on the button that sets one. */
  testId: string;
}

/**
 * The delayed start of an order (every tab of Add campaigns, the CPI wizard too): "Delayed start" opens the
 * modal; once set, the badge with the time reopens it and its × starts now instead.
 */
export function DelayedStart({
  startAt,
  onChange,
  fixed = false,
  disabled = false,
  testId,
}: DelayedStartProps) {
  const { t } = useTranslation('campaigns');
  const [open, setOpen] = useState(false);
  const startNow = () => onChange(null);
  return (
    <>
      {startAt ? (
        <Badge
          size="lg"
          variant="light"
          leftSection={<IconClock size={14} />}
          style={{ cursor: 'pointer' }}
          onClick={() => setOpen(true)}
          rightSection={
            !fixed && (
              <IconX
                size={14}
                role="button"
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                aria-label={t('form.startNow')}
                onClick={(event) => {
                  event.stopPropagation();
                  startNow();
                }}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.stopPropagation();
                  startNow();
                }}
              />
            )
          }
          data-testid={`${testId}-start-at`}
        >
          {t('form.startsAt', { time: formatDateTime(startAt) })}
        </Badge>
      ) : (
        <Button
          variant="subtle"
          leftSection={<IconClock size={16} />}
          onClick={() => setOpen(true)}
          disabled={disabled}
          data-testid={`${testId}-delayed`}
        >
          {t('form.delayedStart')}
        </Button>
      )}
      <DelayedStartModal
        opened={open}
        onClose={() => setOpen(false)}
        onConfirm={(value) => {
          onChange(value);
          setOpen(false);
        }}
      />
    </>
  );
}

/** The delayed-start modal: a date and a time, more than 5 minutes ahead (customer-area §5). */
function DelayedStartModal({
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
