import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function NotAuthorizedPage() {
  return (
    <ContentLayout title="Not authorized" heading="403 - Not Authorized">
      <p className="lead">You do not have permission to view this page.</p>
      <Link to="/" className="button button-ghost">
        Back to Crossfeed
      </Link>
    </ContentLayout>
  );
}
