import { tierSummary } from '../utils/tier';
import { IconTrophy } from './icons';

/** What a waitlist position earns (SPEC §9 Waitlist): lifetime access for the top 100, else a free month. */
export function TierNote({ position }: { position: number }) {
  const tier = tierSummary(position);
  return (
    <div className={`tier-note tier-${tier.tier === 'lifetime' ? 'lifetime' : 'standard'}`}>
      <IconTrophy size={20} />
      <div>
        <p className="tier-note-title">{tier.title}</p>
        <p>{tier.detail}</p>
      </div>
    </div>
  );
}
