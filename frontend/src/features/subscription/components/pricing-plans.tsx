import { Link } from 'react-router-dom';
import { useUpgrade } from '../hooks/use-upgrade';
import { PLANS } from '../plans';
import { PlanCard } from './plan-card';
import '../subscription.css';

/** The two plan cards: Free starts at /signup, Premium runs the upgrade flow. */
export function PricingPlans() {
  const { upgrade, busy } = useUpgrade('/pricing');
  return (
    <div className="plan-grid">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          action={
            plan.id === 'free' ? (
              <Link to="/signup" className="button button-ghost">
                Get Started
              </Link>
            ) : (
              <button type="button" className="button button-primary" onClick={() => void upgrade()} disabled={busy}>
                {busy ? 'Redirecting...' : 'Upgrade to Premium'}
              </button>
            )
          }
        />
      ))}
    </div>
  );
}
