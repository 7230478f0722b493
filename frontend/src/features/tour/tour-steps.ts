import type { Placement } from 'react-joyride';

/** SPEC §9: the tour has 13 steps, scrolls targets 20 px clear of the edge, and its overlay sits at z-index 10000. */
export const TOUR_SCROLL_OFFSET = 20;
export const TOUR_Z_INDEX = 10000;

export type TourStepId =
  | 'introduction'
  | 'profile'
  | 'contacts'
  | 'add-content'
  | 'notifications'
  | 'premium'
  | 'content-queue'
  | 'shuffle-button'
  | 'select-content'
  | 'manage-button'
  | 'share-manage-info'
  | 'view-queue'
  | 'help-tour';

export type TourStepDefinition = {
  id: TourStepId;
  /** A CSS selector; the introduction is centred on the page. */
  target: string;
  title: string;
  content: string;
  placement: Placement | 'auto' | 'center';
};

/** Beside the sidebar column on wide screens; above the bottom bar on narrow ones (Joyride flips it). */
const SIDEBAR_PLACEMENT = 'right';

/** The element a step points at: `data-tour="…"` on the sidebar entries and the workspace. */
export const tourTarget = (name: Exclude<TourStepId, 'introduction'>) => `[data-tour="${name}"]`;

/**
 * SPEC §2 Guided tour: the 13 steps, in order. The workspace marks its own content list `content-queue`
 * and the matched content list `select-content` (features/workspace/components/workspace.tsx).
 */
export const TOUR_STEPS: readonly TourStepDefinition[] = [
  {
    id: 'introduction',
    target: 'body',
    placement: 'center',
    title: 'Welcome to Crossfeed',
    content:
      'Crossfeed helps creators grow together: you queue your own content, get matched with other creators, and share their work with your contacts while they share yours. This quick tour shows you around.',
  },
  {
    id: 'profile',
    target: tourTarget('profile'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Your profile',
    content: 'Keep your name, bio, categories and interests up to date. They decide which creators you are matched with.',
  },
  {
    id: 'contacts',
    target: tourTarget('contacts'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Contacts',
    content: 'Add the people you share content with, one at a time or in bulk, and see their audience scores.',
  },
  {
    id: 'add-content',
    target: tourTarget('add-content'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Add content',
    content: 'Add a link to one of your videos, posts or articles. It waits as Pending until you complete a match, then other creators are matched with it.',
  },
  {
    id: 'notifications',
    target: tourTarget('notifications'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Notifications',
    content: 'See what happened to your content. The badge counts the notifications you have not read yet.',
  },
  {
    id: 'premium',
    target: tourTarget('premium'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Premium',
    content: 'Upgrade for unlimited sharing and shuffles, advanced analytics and custom link tracking.',
  },
  {
    id: 'content-queue',
    target: tourTarget('content-queue'),
    placement: 'auto',
    title: 'Your content',
    content: 'The content you have added. Click an item, or press Space or Enter, to pick it for promotion; it joins your queue.',
  },
  {
    id: 'shuffle-button',
    target: tourTarget('shuffle-button'),
    placement: 'auto',
    title: 'Shuffle',
    content: 'Not the right fit? Shuffle for a new set of matches. Free accounts have a few shuffles; Premium has unlimited.',
  },
  {
    id: 'select-content',
    target: tourTarget('select-content'),
    placement: 'auto',
    title: 'Find your match',
    content: 'Content from creators matched to you. Select the items you want to share; the view filter changes what you see.',
  },
  {
    id: 'manage-button',
    target: tourTarget('manage-button'),
    placement: 'auto',
    title: 'Manage your content',
    content: 'Edit or delete your content and follow its shares, progress and clicks.',
  },
  {
    id: 'share-manage-info',
    target: tourTarget('share-manage-info'),
    placement: 'auto',
    title: 'Share and manage',
    content: 'Your queue and the matches you picked meet here. Share each match with your contacts to earn promotion for your own content.',
  },
  {
    id: 'view-queue',
    target: tourTarget('view-queue'),
    placement: 'auto',
    title: 'View your queue',
    content: 'See the content you picked to promote and the matches you chose to share, all in one list.',
  },
  {
    id: 'help-tour',
    target: tourTarget('help-tour'),
    placement: SIDEBAR_PLACEMENT,
    title: 'Help and tour',
    content: "You're all set! Come back here any time to take this tour again.",
  },
];
