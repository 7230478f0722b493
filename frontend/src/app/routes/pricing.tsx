import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function PricingPage() {
  return (
    <ContentLayout title="Pricing" heading="Simple pricing for creators">
      <p className="lead">Start free. Upgrade to Premium when you want more reach.</p>
      <Link to="/signup" className="button button-primary">
        Get Started
      </Link>
    </ContentLayout>
  );
}
