import { ContentLayout } from '@/components/layouts/content-layout';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginPage() {
  return (
    <ContentLayout title="Login" heading="Sign in to Crossfeed">
      <LoginForm />
    </ContentLayout>
  );
}
