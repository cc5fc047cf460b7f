import type { NotificationData } from '@mantine/notifications';
import i18next from 'i18next';

/** Alerts close after 3 seconds (customer-area §9). */
export const ALERT_MS = 3_000;

let requested = false;
const listeners = new Set<() => void>();

/** Whether anything was ever notified: the notification list mounts from then on. */
export const notificationsRequested = {
  get: () => requested,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Shows a notification; Mantine's notification code loads on the first one. */
export function notify(data: NotificationData): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ closeButtonProps: { 'aria-label': i18next.t('common.close') }, ...data }),
  );
}

export function notifySuccess(message: string, title?: string): void {
  notify({ message, title, color: 'teal', autoClose: ALERT_MS });
}

export function notifyError(message: string, title?: string): void {
  notify({ message, title, color: 'red', autoClose: ALERT_MS });
}

export function notifyInfo(message: string, autoClose: number = ALERT_MS): void {
  notify({ message, color: 'blue', autoClose });
}
