import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { PublicLayout } from './layouts/public-layout';

/** /forgot-password. */
export function ForgotPasswordPage() {
  return (
    <PublicLayout>
      <ForgotPasswordForm />
    </PublicLayout>
  );
}
