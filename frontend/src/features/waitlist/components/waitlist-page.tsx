import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { IconCheck, IconHelp } from '@/components/ui/icons';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import type { WaitlistSignupAnswer } from '../api/join-waitlist';
import { isNewEntry } from '../utils/is-new-entry';
import { useMyWaitlistEntry } from '../hooks/use-my-waitlist-entry';
import { REFERRAL_CODE_MAX } from '../constants';
import { useWaitlistCount } from '../hooks/use-waitlist-count';
import { EMAIL_CONFIRMED } from '../messages';
import { AboutWaitlistModal } from './about-waitlist-modal';
import { IconGift, IconInfo, IconLink, IconSearch, IconTrophy } from './icons';
import { PositionModal } from './position-modal';
import { ProductProgressModal } from './product-progress-modal';
import { ProgressUpdatesPanel } from './progress-updates-panel';
import { ReferralLinkModal } from './referral-link-modal';
import { SignupResult } from './signup-result';
import { StorySlideshow } from './story-slideshow';
import { UpdatesTimelineModal } from './updates-timeline-modal';
import { WaitlistFaqModal } from './waitlist-faq-modal';
import { WaitlistHero } from './waitlist-hero';
import { WaitlistSignupForm } from './waitlist-signup-form';
import '../waitlist.css';

type TabIdentifier = 'waitlist' | 'progress';
const TABS: readonly TabItem<TabIdentifier>[] = [
  { id: 'waitlist', label: 'Waitlist' },
  { id: 'progress', label: 'Progress & Updates' },
];
const TABS_PREFIX = 'waitlist';

type ModalName = 'position' | 'referral' | 'progress' | 'timeline' | 'about' | 'faq';

/** The `?ref=` code, trimmed; one the server would refuse (too long) is dropped rather than sent. */
function referralCodeFrom(params: URLSearchParams): string | null {
  const code = params.get('ref')?.trim() ?? '';
  return code && code.length <= REFERRAL_CODE_MAX ? code : null;
}

/** SPEC §2 Waitlist page (/waitlist): two tabs, the hero with the live count, signup, the story and the modals. */
export function WaitlistPage() {
  const [searchParams] = useSearchParams();
  const referredBy = referralCodeFrom(searchParams);
  const confirmed = searchParams.get('confirmed') === '1';

  const { state: count, refresh: refreshCount } = useWaitlistCount();
  const [tab, setTab] = useState<TabIdentifier>('waitlist');
  const [modal, setModal] = useState<ModalName | null>(null);
  const [storyOpen, setStoryOpen] = useState(false);
  const [joined, setJoined] = useState<{ entry: WaitlistSignupAnswer; email: string } | null>(null);
  // This browser's own entry: survives a reload (its token in localStorage) and updates live.
  const { mine, remember, forget } = useMyWaitlistEntry();
  const [lookupEmail, setLookupEmail] = useState('');
  const nameInputRef = useRef<HTMLInputElement>(null);

  const closeModal = () => setModal(null);

  // What the card shows: the answer just received, unless it is the kept entry (which has the live numbers).
  const card =
    joined && (!mine || !isNewEntry(joined.entry) || mine.entry.referral_code !== joined.entry.referral_code)
      ? { entry: joined.entry, email: joined.email as string | null, confirmed: false }
      : mine
        ? { entry: mine.entry, email: mine.email ?? joined?.email ?? null, confirmed: mine.entry.confirmed }
        : null;
  // Only this browser's own entry has a referral link here: one it created, or read back by its token (issue 23,
  // finding 7). A lookup by e-mail or a sign-up of an address already on the list never hands one out.
  const referralCode = mine?.entry.referral_code ?? (joined && isNewEntry(joined.entry) ? joined.entry.referral_code : null);

  const handleJoined = (entry: WaitlistSignupAnswer, email: string) => {
    setJoined({ entry, email });
    if (isNewEntry(entry) && entry.entry_token) remember(entry.entry_token, email);
    setLookupEmail(email);
    // The push will say so too; this covers a socket that could not connect.
    refreshCount();
  };

  const joinFromStory = () => {
    setStoryOpen(false);
    setTab('waitlist');
    // After the story has handed focus back to its opener.
    window.setTimeout(() => nameInputRef.current?.focus(), 0);
  };

  return (
    <div className="waitlist-page">
      <title>Waitlist · Crossfeed</title>
      {confirmed ? (
        <p className="waitlist-banner" role="status">
          <IconCheck size={18} />
          {EMAIL_CONFIRMED}
        </p>
      ) : null}

      <WaitlistHero count={count} onOpenStory={() => setStoryOpen(true)} />

      <TabList
        label="Waitlist sections"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        idPrefix={TABS_PREFIX}
        className="waitlist-tabs"
        tabClassName="waitlist-tab"
      />

      <TabPanel idPrefix={TABS_PREFIX} id="waitlist" hidden={tab !== 'waitlist'} className="waitlist-panel">
        <div className="waitlist-grid">
          <section className="waitlist-card waitlist-signup-card" aria-label="Waitlist signup">
            {card ? (
              <SignupResult
                entry={card.entry}
                email={card.email}
                confirmed={card.confirmed}
                onCheckPosition={() => setModal('position')}
                onStartOver={() => {
                  setJoined(null);
                  forget();
                }}
              />
            ) : (
              <>
                <h2 className="waitlist-card-title">Reserve your spot</h2>
                <p className="waitlist-card-text">Join free in seconds. Refer creators to move up the list.</p>
                <WaitlistSignupForm referralCode={referredBy} onJoined={handleJoined} nameInputRef={nameInputRef} />
              </>
            )}
          </section>

          <section className="waitlist-card waitlist-perks" aria-labelledby="waitlist-perks-heading">
            <h2 id="waitlist-perks-heading" className="waitlist-card-title">
              Why join early
            </h2>
            <ul className="perk-list">
              <li className="perk">
                <span className="icon-badge">
                  <IconTrophy />
                </span>
                <div>
                  <p className="perk-title">Lifetime free access for the top 100</p>
                  <p className="perk-text">The first 100 members on the list never pay for Crossfeed.</p>
                </div>
              </li>
              <li className="perk">
                <span className="icon-badge">
                  <IconGift />
                </span>
                <div>
                  <p className="perk-title">1 month free for everyone else</p>
                  <p className="perk-text">Every confirmed member receives a free month when we launch.</p>
                </div>
              </li>
              <li className="perk">
                <span className="icon-badge">
                  <IconLink />
                </span>
                <div>
                  <p className="perk-title">Move up with referrals</p>
                  <p className="perk-text">Share your personal link. Each creator who joins through it counts for you.</p>
                </div>
              </li>
            </ul>
          </section>
        </div>

        <nav className="waitlist-actions" aria-label="Waitlist tools">
          <button type="button" className="waitlist-action" onClick={() => setModal('position')}>
            <IconSearch />
            <span>Check my position</span>
          </button>
          <button type="button" className="waitlist-action" onClick={() => setModal('referral')}>
            <IconLink />
            <span>My referral link</span>
          </button>
          <button type="button" className="waitlist-action" onClick={() => setModal('about')}>
            <IconInfo />
            <span>About Crossfeed</span>
          </button>
          <button type="button" className="waitlist-action" onClick={() => setModal('faq')}>
            <IconHelp />
            <span>FAQ</span>
          </button>
        </nav>
      </TabPanel>

      <TabPanel idPrefix={TABS_PREFIX} id="progress" hidden={tab !== 'progress'} className="waitlist-panel">
        <ProgressUpdatesPanel onOpenProgress={() => setModal('progress')} onOpenTimeline={() => setModal('timeline')} />
      </TabPanel>

      <PositionModal
        open={modal === 'position'}
        onClose={closeModal}
        initialEmail={lookupEmail || (mine?.email ?? '')}
        onFound={setLookupEmail}
      />
      <ReferralLinkModal
        open={modal === 'referral'}
        onClose={closeModal}
        referralCode={referralCode}
        onFindPosition={() => setModal('position')}
      />
      <ProductProgressModal open={modal === 'progress'} onClose={closeModal} />
      <UpdatesTimelineModal open={modal === 'timeline'} onClose={closeModal} />
      <AboutWaitlistModal open={modal === 'about'} onClose={closeModal} />
      <WaitlistFaqModal open={modal === 'faq'} onClose={closeModal} />
      <StorySlideshow open={storyOpen} onClose={() => setStoryOpen(false)} onJoin={joinFromStory} />
    </div>
  );
}
