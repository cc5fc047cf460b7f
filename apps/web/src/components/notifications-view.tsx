import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { ALERT_MS } from '../lib/notify';
import classes from './notifications-view.module.css';

/** The notification list (top right, below the header; closing after 3 seconds unless told otherwise). */
export function NotificationsView() {
  return (
    <Notifications position="top-right" autoClose={ALERT_MS} limit={4} zIndex={1000} classNames={classes} />
  );
}
