import { ContentLayout } from '@/components/layouts/content-layout';
import { selectIsAdmin } from '@/stores/session-selectors';
import { AdminReport, type AdminReportView } from '@/features/admin-report/components/admin-report';
import { AdminPayments } from '@/features/admin-payments/components/admin-payments';
import { useAppStore } from '@/stores/app-store';

/** The admin report's third view: the payments list of the admin-payments feature. */
const EXTRA_VIEWS: readonly AdminReportView[] = [{ id: 'payments', label: 'Payments', content: <AdminPayments /> }];

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
      <AdminReport extraViews={EXTRA_VIEWS} />
    </ContentLayout>
  );
}
