import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function LoginPage() {
  return (
    <ContentLayout title="Login" heading="Sign in to Crossfeed">
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
      <p>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
    </ContentLayout>
  );
}
