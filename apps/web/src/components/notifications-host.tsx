import { lazy, Suspense, useSyncExternalStore } from 'react';
import { notificationsRequested } from '../lib/notify';

const NotificationsView = lazy(() =>
  import('./notifications-view').then((m) => ({ default: m.NotificationsView })),
);

/** Mounts Mantine's notification list the first time something is notified (see lib/notify.ts). */
export function NotificationsHost() {
  const needed = useSyncExternalStore(
    notificationsRequested.subscribe,
    notificationsRequested.get,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsView />
    </Suspense>
  ) : null;
}
