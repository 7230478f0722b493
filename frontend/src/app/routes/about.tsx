import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function AboutPage() {
  return (
    <ContentLayout title="About" heading="About Crossfeed">
      <p className="lead">Creators promoting creators, since 2023.</p>
      <Link to="/signup" className="button button-primary">
        Get Started
      </Link>
    </ContentLayout>
  );
}
