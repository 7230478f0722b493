import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function SignupPage() {
  return (
    <ContentLayout title="Sign up" heading="Create your Crossfeed account">
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </ContentLayout>
  );
}
