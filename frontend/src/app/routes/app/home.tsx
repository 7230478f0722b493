import { ContentLayout } from '@/components/layouts/content-layout';

const STEPS = ['Find Your Match', 'Choose Content to Share', 'Share and Manage'] as const;

export default function HomePage() {
  return (
    <ContentLayout title="Home" heading="Your workspace">
      <ol className="step-list">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </ContentLayout>
  );
}
