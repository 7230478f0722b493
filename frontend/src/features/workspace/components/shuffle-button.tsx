import type { RemainingShuffles } from '../types';
import { shuffleButtonState } from '../workspace-rules';

type ShuffleButtonProps = {
  isPremium: boolean;
  remaining: RemainingShuffles | null;
  shuffling: boolean;
  onShuffle: () => void;
  /** A blocked free user pressed it: the upgrade modal. */
  onBlocked: () => void;
};

/**
 * SPEC §2/§4: the floating Shuffle button, 'Left: N' for free users or 'Unlimited' for Premium. Blocked
 * (0 or less) it is shown disabled but still answers a press, with the upgrade modal.
 */
export function ShuffleButton({ isPremium, remaining, shuffling, onShuffle, onBlocked }: ShuffleButtonProps) {
  const { label, blocked } = shuffleButtonState(isPremium, remaining);
  return (
    <button
      type="button"
      className={blocked ? 'button button-primary shuffle-button is-disabled' : 'button button-primary shuffle-button'}
      aria-disabled={blocked || shuffling}
      data-tour="shuffle-button"
      onClick={() => {
        if (shuffling) return;
        if (blocked) onBlocked();
        else onShuffle();
      }}
    >
      {shuffling ? 'Shuffling…' : 'Shuffle'} <span className="shuffle-count">{label}</span>
    </button>
  );
}
