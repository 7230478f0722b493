import { ContentLayout } from '@/components/layouts/content-layout';
import { AudienceInsights } from '@/features/audience-insights/components/audience-insights';

/** /app/audience-insights: the Premium audience insights (Free users see what Premium adds). */
export default function AudienceInsightsPage() {
  return (
    <ContentLayout title="Audience insights">
      <AudienceInsights />
    </ContentLayout>
  );
}
