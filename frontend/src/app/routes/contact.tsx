import { ContentLayout } from '@/components/layouts/content-layout';

export default function ContactPage() {
  return (
    <ContentLayout title="Contact" heading="Contact us">
      <p className="lead">Questions, ideas or trouble with your account? We read every message.</p>
    </ContentLayout>
  );
}
