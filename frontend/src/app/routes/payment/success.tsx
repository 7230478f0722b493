import { ContentLayout } from '@/components/layouts/content-layout';
import { PaymentSuccess } from '@/features/subscription/components/payment-success';

export default function PaymentSuccessPage() {
  return (
    <ContentLayout title="Pago completado">
      <PaymentSuccess />
    </ContentLayout>
  );
}
