import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/components/login-form';
import { PublicLayout } from './layouts/public-layout';

const route = getRouteApi('/login');

/** /login (route name sign-in). */
export function LoginPage() {
  const { verified } = route.useSearch();
  const navigate = useNavigate();
  return (
    <PublicLayout withBrand>
      {/* '/' sends staff to their home and customers to the dashboard, once the session knows its rights. */}
      <LoginForm verified={verified} onSignedIn={() => void navigate({ to: '/' })} />
    </PublicLayout>
  );
}
