import { ContentLayout } from '@/components/layouts/content-layout';

export default function WaitlistPage() {
  return (
    <ContentLayout title="Waitlist" heading="Join the Crossfeed waitlist">
      <p className="lead">Be first in line when the beta opens in August, and move up by inviting other creators.</p>
    </ContentLayout>
  );
}
