import { ContentLayout } from '@/components/layouts/content-layout';
import { selectIsAdmin } from '@/stores/session-selectors';
import { AdminReport } from '@/features/admin-report/components/admin-report';
import { useAppStore } from '@/stores/app-store';

export default function AdminReportPage() {
  const isAdmin = useAppStore(selectIsAdmin);
  // RequireAdmin normally redirects first; SPEC §2 still has the page say so for non-admins.
  if (!isAdmin) {
    return (
      <ContentLayout title="Admin report">
        <p role="alert">Access Denied.</p>
      </ContentLayout>
    );
  }
  return (
    <ContentLayout title="Admin report" heading="Flagged content">
      <p className="lead">Review the content that users have flagged.</p>
      <AdminReport />
    </ContentLayout>
  );
}
