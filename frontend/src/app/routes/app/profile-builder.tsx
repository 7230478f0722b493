import { ContentLayout } from '@/components/layouts/content-layout';
import { ProfileBuilder } from '@/features/profile/components/profile-builder';

export default function ProfileBuilderPage() {
  return (
    <ContentLayout title="Profile setup" heading="Set up your profile">
      <p className="lead">Tell other creators who you are and what you make.</p>
      <ProfileBuilder />
    </ContentLayout>
  );
}
