import type { ReactNode } from 'react';
import { FEATURE_INFO, type Plan } from '../plans';
import { FeatureInfoPopover } from './feature-info-popover';

type PlanCardProps = { plan: Plan; action: ReactNode };

export function PlanCard({ plan, action }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  return (
    <article className={`plan-card${plan.tag ? ' plan-card-featured' : ''}`} aria-labelledby={headingId}>
      {plan.tag ? <span className="plan-tag">{plan.tag}</span> : null}
      <h2 id={headingId} className="plan-name">
        {plan.name}
      </h2>
      <p className="plan-price">
        <span data-testid={`${plan.id}-price`}>{plan.price}</span>
        {plan.period ? <span className="plan-period"> {plan.period}</span> : null}
      </p>
      {plan.terms ? <p className="plan-terms">{plan.terms}</p> : null}
      <p className="plan-description">{plan.description}</p>
      <ul className="plan-features" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <span>{feature}</span>
            {FEATURE_INFO[feature] ? <FeatureInfoPopover feature={feature} info={FEATURE_INFO[feature]} /> : null}
          </li>
        ))}
      </ul>
      <div className="plan-action">{action}</div>
    </article>
  );
}
