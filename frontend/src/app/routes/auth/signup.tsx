import { ContentLayout } from '@/components/layouts/content-layout';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupPage() {
  return (
    <ContentLayout title="Sign up" heading="Create your Crossfeed account">
      <SignupForm />
    </ContentLayout>
  );
}
