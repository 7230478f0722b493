import { ContentLayout } from '@/components/layouts/content-layout';

export default function PaymentSuccessPage() {
  return (
    <ContentLayout title="Payment successful">
      <p className="lead">Thank you! We are activating Premium on your account.</p>
    </ContentLayout>
  );
}
