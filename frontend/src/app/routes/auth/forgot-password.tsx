import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function ForgotPasswordPage() {
  return (
    <ContentLayout title="Forgot password" heading="Reset your password">
      <p className="lead">Enter your email and we will send you a reset link.</p>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </ContentLayout>
  );
}
