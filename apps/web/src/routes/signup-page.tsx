import { useEffect } from 'react';
import { getRouteApi, useNavigate, useRouter } from '@tanstack/react-router';
import { SignupForm } from '../features/auth/components/signup-form';
import { PublicLayout } from './layouts/public-layout';

const route = getRouteApi('/signup');

/** /signup: registration; success goes to sign-in. */
export function SignupPage() {
  const { ref, email } = route.useSearch();
  const navigate = useNavigate();
  const router = useRouter();
  // Sign-in is where registration ends: have its page ready, so the form is not on screen after the
  // address has already changed (a quick user, or a browser journey, would type into the old form).
  useEffect(() => {
    void router.preloadRoute({ to: '/login' }).catch(() => {});
  }, [router]);
  return (
    <PublicLayout width={720}>
      <SignupForm refCode={ref} email={email} onRegistered={() => void navigate({ to: '/login' })} />
    </PublicLayout>
  );
}
