import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';

/** A decision staff are about to take on a row: what it does, asked before it runs. */
export interface Decision {
  id: number;
  action: string;
  title: string;
  text: string;
  confirmLabel: string;
  /** red for what takes something from the customer (cancel, reject), else the primary color. */
  color?: string;
  /** Staff may add a note (kept with the row and in the audit log). */
  withNote?: boolean;
}

/** What a decision sends: the row, the action and the staff's note. */
export interface DecisionChange {
  id: number;
  action: string;
  note?: string;
}

/**
 * Asks before a staff decision (approve, reject, complete, cancel, handle, reopen), with an optional note,
 * runs it, and tells the outcome: the server's message on success, the error dialog on failure.
 */
export function DecisionModal({
  decision,
  run,
  pending,
  onClose,
}: {
  decision: Decision | null;
  run: (change: DecisionChange) => Promise<{ message: string }>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staffdesk');
  const { t: ta } = useTranslation('app');
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  const confirm = async () => {
    if (!decision) return;
    try {
      const done = await run({ id: decision.id, action: decision.action, note: note.trim() || undefined });
      notifySuccess(translateMessage(done.message));
      close();
    } catch (failure) {
      close();
      showApiError(failure);
    }
  };
  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      title={decision?.title}
      centered
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{decision?.text}</Text>
        {decision?.withNote && (
          <Textarea
            label={t('common.note')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-testid="decision-note"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={pending}>
            {t('common.back')}
          </Button>
          <Button
            color={decision?.color}
            onClick={() => void confirm()}
            loading={pending}
            data-autofocus
            data-testid="decision-confirm"
          >
            {decision?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
