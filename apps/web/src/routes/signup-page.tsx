import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { SignupForm } from '../features/auth/components/signup-form';
import { PublicLayout } from './layouts/public-layout';

const route = getRouteApi('/signup');

/** /signup: registration; success goes to sign-in. */
export function SignupPage() {
  const { ref, email } = route.useSearch();
  const navigate = useNavigate();
  return (
    <PublicLayout width={720}>
      <SignupForm refCode={ref} email={email} onRegistered={() => void navigate({ to: '/login' })} />
    </PublicLayout>
  );
}
