import { PaymentSuccess } from '@/features/subscription/components/payment-success';

/** /success: the page heads itself by its state (confirming, or the error alone). */
export default function PaymentSuccessPage() {
  return <PaymentSuccess />;
}
