import { ContentLayout } from '@/components/layouts/content-layout';

export default function TermsPage() {
  return (
    <ContentLayout title="Terms" heading="Terms of Service">
      <p className="lead">The rules for using Crossfeed.</p>
      <h2 id="privacy">Privacy</h2>
      <p>How we handle your data.</p>
    </ContentLayout>
  );
}
