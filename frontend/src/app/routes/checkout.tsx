import { ContentLayout } from '@/components/layouts/content-layout';
import { CheckoutRedirect } from '@/features/subscription/components/checkout-redirect';

export default function CheckoutPage() {
  return (
    <ContentLayout title="Checkout">
      <CheckoutRedirect />
    </ContentLayout>
  );
}
