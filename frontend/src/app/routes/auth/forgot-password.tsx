import { ContentLayout } from '@/components/layouts/content-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <ContentLayout title="Forgot password" heading="Reset your password">
      <p className="lead">Enter your email and we will send you a reset link.</p>
      <ForgotPasswordForm />
    </ContentLayout>
  );
}
