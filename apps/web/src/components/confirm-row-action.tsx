import { useState, type ReactNode } from 'react';
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

/** What the confirmation of a row action says. */
interface ConfirmTexts {
  title: string;
  text: ReactNode;
  confirmLabel: string;
}

/**
 * A row action (`mutation`, called with the row's id) asked first: `ask(row)` opens the confirmation that
 * `texts(row)` words; `dialog` is put in the page.
 */
export function useConfirmRow<T extends { id: number }>(
  mutation: { mutateAsync: (id: number) => Promise<{ message: string }>; isPending: boolean },
  texts: (row: T) => ConfirmTexts,
) {
  const [target, setTarget] = useState<T | null>(null);
  const words = target ? texts(target) : { title: '', text: '', confirmLabel: '' };
  const dialog = (
    <ConfirmRowAction
      target={target}
      {...words}
      run={(row) => mutation.mutateAsync(row.id)}
      pending={mutation.isPending}
      onClose={() => setTarget(null)}
    />
  );
  return { ask: setTarget, dialog };
}
