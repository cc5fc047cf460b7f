import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../lib/api';
import { errorText, flattenErrors } from '../lib/messages';
import { notifyError } from '../lib/notify';
import { applyServerErrors, type SchemaForm } from '../lib/use-schema-form';
import type { ErrorModalState } from './error-modal-view';

let state: ErrorModalState = { opened: false, messages: [] };
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setState = (next: ErrorModalState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** Shows server error messages, flattened, in a modal with an OK button (customer-area §8). */
export function showErrorModal(messages: readonly string[], title?: string): void {
  if (messages.length > 0) setState({ opened: true, messages, title });
}

/**
 * Shows a failed call outside a form: an error map in the modal (all messages flattened), any other
 * error as a 3-second alert.
 */
export function showApiError(error: unknown): void {
  if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
    showErrorModal(flattenErrors(error));
  } else {
    notifyError(errorText(error));
  }
}

export function closeErrorModal(): void {
  // The messages stay while the modal fades out.
  setState({ ...state, opened: false });
}

const ErrorModalView = lazy(() => import('./error-modal-view').then((m) => ({ default: m.ErrorModalView })));

/** Renders the error modal; its code loads the first time an error is shown. */
export function ErrorModalHost() {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const [needed, setNeeded] = useState(false);
  if (!needed && current.opened) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ErrorModalView state={current} onClose={closeErrorModal} />
    </Suspense>
  ) : null;
}

/** A failed form submit: a 422's messages onto the form's fields (the rest in the modal), else an alert. */
export function showFormError<Values extends Record<string, unknown>>(
  form: SchemaForm<Values>,
  error: unknown,
): void {
  if (error instanceof ApiError && error.status === 422 && error.errors)
    showErrorModal(applyServerErrors(form, error));
  else notifyError(errorText(error));
}
