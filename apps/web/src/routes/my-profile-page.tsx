import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { updateCurrentUser } from '../features/auth/api/me';
import { NoticeEmailPreferences } from '../features/notices/components/notice-email-preferences';
import { MyProfile, PROFILE_TABS, type ProfileTab } from '../features/profile/components/my-profile';

const route = getRouteApi('/app/my-profile');

const tabOf = (value: string | undefined): ProfileTab =>
  (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'details';

/** /my-profile: the profile feature's tabs; a changed user reaches the session (the header's name and avatar). */
export function MyProfilePage() {
  const { tab } = route.useSearch();
  const navigate = useNavigate();
  return (
    <MyProfile
      tab={tabOf(tab)}
      onTabChange={(next) =>
        void navigate({ to: '/my-profile', search: next === 'details' ? {} : { tab: next }, replace: true })
      }
      onUser={updateCurrentUser}
      emails={<NoticeEmailPreferences />}
    />
  );
}
