import { ContentLayout } from '@/components/layouts/content-layout';

export default function AdminReportPage() {
  return (
    <ContentLayout title="Admin report" heading="Flagged content">
      <p className="lead">Review the content that users have flagged.</p>
    </ContentLayout>
  );
}
