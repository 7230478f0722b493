import { Link } from 'react-router-dom';
import { ContentLayout } from '@/components/layouts/content-layout';

export default function PaymentCancelPage() {
  return (
    <ContentLayout title="Payment Canceled">
      <p className="lead">Your payment was canceled and you have not been charged.</p>
      <Link to="/pricing" className="button button-primary">
        Back to pricing
      </Link>
    </ContentLayout>
  );
}
