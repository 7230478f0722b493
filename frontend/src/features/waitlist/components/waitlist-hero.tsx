import type { WaitlistCountState } from '../hooks/use-waitlist-count';
import { IconPlay, IconUsers } from './icons';
import { HeroIllustration } from './illustrations';

type WaitlistHeroProps = {
  count: WaitlistCountState;
  onOpenStory: () => void;
};

/** The hero: the pitch, the live member count and the story button. */
export function WaitlistHero({ count, onOpenStory }: WaitlistHeroProps) {
  return (
    <section className="waitlist-hero" aria-labelledby="waitlist-heading">
      <div className="waitlist-hero-text">
        <p className="waitlist-eyebrow">Early access · Beta opens in August</p>
        <h1 id="waitlist-heading" className="waitlist-heading">
          Grow your audience by sharing each other’s work
        </h1>
        <p className="waitlist-lead">
          Crossfeed matches you with creators who share your interests. Share their content with your contacts, and your own
          content reaches their audiences in return.
        </p>
        <div className="waitlist-count" aria-live="polite" aria-atomic="true">
          <span className="waitlist-count-icon">
            <IconUsers size={20} />
          </span>
          <MemberCount count={count} />
        </div>
        <button type="button" className="button button-ghost waitlist-story-button" onClick={onOpenStory}>
          <IconPlay size={16} />
          Watch the story
        </button>
      </div>
      <HeroIllustration className="waitlist-hero-illustration" />
    </section>
  );
}

function MemberCount({ count }: { count: WaitlistCountState }) {
  if (count.status === 'loading') {
    return (
      <span className="waitlist-count-text" data-testid="waitlist-count">
        <span className="waitlist-count-skeleton" aria-hidden="true" />
        <span className="visually-hidden">Loading the member count…</span>
      </span>
    );
  }
  if (count.status === 'error') {
    return (
      <span className="waitlist-count-text waitlist-count-error" data-testid="waitlist-count">
        {count.message}
      </span>
    );
  }
  return (
    <span className="waitlist-count-text" data-testid="waitlist-count">
      <strong className="waitlist-count-number">{count.count.toLocaleString('en-US')}</strong>{' '}
      {count.count === 1 ? 'creator has' : 'creators have'} already joined
    </span>
  );
}
