import { ContentLayout } from '@/components/layouts/content-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  return (
    <ContentLayout title="Reset password" heading="Choose a new password">
      <ResetPasswordForm />
    </ContentLayout>
  );
}
