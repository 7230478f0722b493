import { ContentLayout } from '@/components/layouts/content-layout';

export default function CheckoutPage() {
  return (
    <ContentLayout title="Checkout">
      <p className="lead">Taking you to the secure checkout…</p>
    </ContentLayout>
  );
}
