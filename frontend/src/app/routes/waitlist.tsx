import { WaitlistPage } from '@/features/waitlist/components/waitlist-page';

export default function WaitlistRoute() {
  return <WaitlistPage />;
}
