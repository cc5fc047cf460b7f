import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { MyApps } from '../features/apps/components/my-apps';

const route = getRouteApi('/app/apps');

/** /apps "My apps"; `?search=` starts the list searched, `?openModal=add-app` opens the add-app modal. */
export function AppsPage() {
  const { search, openModal } = route.useSearch();
  const navigate = useNavigate();
  return (
    <MyApps
      initialSearch={search}
      openAddModal={openModal === 'add-app'}
      onAddModalClosed={() => {
        // A reload should not open the modal again.
        if (openModal) void navigate({ to: '/apps', search: { search }, replace: true });
      }}
    />
  );
}
