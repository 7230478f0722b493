import { ContentLayout } from '@/components/layouts/content-layout';
import { selectIsAdmin } from '@/stores/session-selectors';
import { FounderAnalytics } from '@/features/founder-analytics/components/founder-analytics';
import { useAppStore } from '@/stores/app-store';

export default function AdminAnalyticsPage() {
  const isAdmin = useAppStore(selectIsAdmin);
  // RequireAdmin normally redirects first; like the admin report, the page itself still refuses non-admins.
  if (!isAdmin) {
    return (
      <ContentLayout title="Founder analytics">
        <p role="alert">Access Denied.</p>
      </ContentLayout>
    );
  }
  return (
    <ContentLayout title="Founder analytics">
      <p className="lead">Growth, engagement and revenue over time, and the analytics read model's replay.</p>
      <FounderAnalytics />
    </ContentLayout>
  );
}
