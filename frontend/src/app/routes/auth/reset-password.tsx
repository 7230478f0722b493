import { Link, useSearchParams } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <ContentLayout title="Reset password" heading="Choose a new password">
      {token ? (
        <p className="lead">Enter your new password twice.</p>
      ) : (
        <p role="alert">
          Invalid or missing password reset token. <Link to="/forgot-password">Request a new link</Link>
        </p>
      )}
    </ContentLayout>
  );
}
