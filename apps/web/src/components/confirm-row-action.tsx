import type { ReactNode } from 'react';
import { showApiError } from './error-modal';
import { ConfirmModal } from './confirm-modal';
import { translateMessage } from '../lib/messages';
import { notifySuccess } from '../lib/notify';

/**
 * Asks before a row action that cannot be undone (delete, deactivate), runs it, and tells the outcome: the
 * server's message on success, the error dialog on failure. Closes either way.
 */
export function ConfirmRowAction<T>({
  target,
  title,
  text,
  confirmLabel,
  run,
  pending,
  onClose,
  color,
}: {
  /** The row the action is about; the dialog is open while it is set. */
  target: T | null;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  run: (target: T) => Promise<{ message: string }>;
  pending: boolean;
  onClose: () => void;
  color?: string;
}) {
  const confirm = async () => {
    if (target === null) return;
    try {
      notifySuccess(translateMessage((await run(target)).message));
      onClose();
    } catch (failure) {
      onClose();
      showApiError(failure);
    }
  };
  return (
    <ConfirmModal
      opened={target !== null}
      title={title}
      confirmLabel={confirmLabel}
      loading={pending}
      color={color}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      {text}
    </ConfirmModal>
  );
}
