import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PasswordResetForm } from '../features/auth/components/password-reset-form';
import { PublicLayout } from './layouts/public-layout';

const route = getRouteApi('/password-reset');

/** /password-reset?token=..&email=.. (reached from the reset e-mail through /api/password-reset). */
export function PasswordResetPage() {
  const { token, email } = route.useSearch();
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <PasswordResetForm token={token} email={email} onDone={() => void navigate({ to: '/login' })} />
    </PublicLayout>
  );
}
