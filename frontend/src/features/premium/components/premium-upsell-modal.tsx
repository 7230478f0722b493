import { Link } from 'react-router-dom';
import { Modal } from '@/components/ui/modal';
import { PREMIUM_ONLY_FEATURES } from '@/lib/premium-features';
import { PREMIUM_MONTHLY_PRICE } from '../premium-features';
import '../premium.css';

type PremiumUpsellModalProps = { open: boolean; onClose: () => void };

/** SPEC §2 Premium upsell: a short pitch with what Premium adds, 'Upgrade to Premium' (to /pricing) and 'Maybe later'. */
export function PremiumUpsellModal({ open, onClose }: PremiumUpsellModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Go Premium"
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Maybe later
          </button>
          <Link to="/pricing" className="button button-primary" onClick={onClose}>
            Upgrade to Premium
          </Link>
        </>
      }
    >
      <p className="premium-pitch">
        Share without limits and see how your cross-promotions perform. Premium is {PREMIUM_MONTHLY_PRICE}.
      </p>
      <ul className="premium-features" aria-label="Premium features">
        {/* What Premium adds: Content Discovery and the Audience Score are Free's too. */}
        {PREMIUM_ONLY_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </Modal>
  );
}
