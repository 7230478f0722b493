import { WAITLIST_TOP_TIER } from '@crossfeed/domain/rules/limits.ts';
import type { Milestone } from './utils/milestone-progress';

/** The product copy of the waitlist page: the story, the milestones, the updates, the about text and FAQ. */

export type StorySlide = {
  id: 'partners' | 'share' | 'impact' | 'create';
  title: string;
  body: string;
};

/** SPEC §2 Waitlist page: the four slides, in order. */
export const STORY_SLIDES: readonly StorySlide[] = [
  {
    id: 'partners',
    title: 'Connect with partners',
    body: 'Crossfeed matches you with creators who share your interests and your audience, so every partnership starts on common ground.',
  },
  {
    id: 'share',
    title: 'Share and grow',
    body: 'Share matched content with the people who follow you. Every share releases your own waiting content to your partners’ audiences.',
  },
  {
    id: 'impact',
    title: 'Track your impact',
    body: 'Follow shares, short-link clicks and conversions for each piece of content, and watch your audience score rise.',
  },
  {
    id: 'create',
    title: 'Focus on creating',
    body: 'Crossfeed takes care of matching and tracking, so your time goes where it matters most: the work your audience comes for.',
  },
];

/** SPEC §9: six milestones, none marked done yet. */
export const MILESTONES: readonly Milestone[] = [
  {
    title: 'Creator profiles and interest matching',
    description: 'Profiles with categories and interests, and a matching engine that pairs you with relevant creators.',
    done: false,
  },
  {
    title: 'Content queue',
    description: 'Queue links to your articles, videos, podcasts and more, ready to be promoted by your partners.',
    done: false,
  },
  {
    title: 'Sharing and progress tracking',
    description: 'Share matched content with your contacts and follow each match’s progress towards its required shares.',
    done: false,
  },
  {
    title: 'Analytics and audience score',
    description: 'Per-content shares, short-link clicks and conversions, plus a 0–100 score of your audience’s engagement.',
    done: false,
  },
  {
    title: 'Premium plan',
    description: 'Unlimited sharing and shuffles, ranked content, top performer filters and custom link tracking.',
    done: false,
  },
  {
    title: 'Public beta launch',
    description: 'Doors open in August. Waitlist members are invited first, in order of their position.',
    done: false,
  },
];

export type ProductUpdate = { label: string; title: string; body: string };

/** The timeline of updates, newest first. */
export const PRODUCT_UPDATES: readonly ProductUpdate[] = [
  {
    label: 'Coming in August',
    title: 'Public beta',
    body: 'The beta opens in August. Invitations go out in waitlist order, so confirmed members with the best positions get in first.',
  },
  {
    label: 'Latest',
    title: 'Referral rewards are live',
    body: `Every creator who joins with your referral link moves you up the list. The first ${WAITLIST_TOP_TIER} members receive lifetime free access.`,
  },
  {
    label: 'Earlier',
    title: 'Matching engine in private testing',
    body: 'A small group of creators is testing interest-based matching and share tracking. Their feedback shapes what ships at launch.',
  },
  {
    label: 'Earlier',
    title: 'The waitlist opens',
    body: 'Crossfeed’s waitlist is open to creators and publishers. Reserve your spot and confirm your email to keep it.',
  },
];

/** The about text, one string per paragraph. */
export const ABOUT_PARAGRAPHS: readonly string[] = [
  'Crossfeed is a cross-promotion platform for content creators and publishers. You queue links to your own work; Crossfeed matches you with creators who share your interests, and you share their content with your contacts.',
  'Every share you make releases your own waiting content for promotion, so growth is mutual: your partners reach your audience, and you reach theirs.',
  'Built by an independent founder, Crossfeed keeps the focus on what creators need: fair exposure, clear analytics and less time spent on promotion.',
];

export type FaqEntry = { question: string; answer: string };

export const WAITLIST_FAQ: readonly FaqEntry[] = [
  {
    question: 'What is Crossfeed?',
    answer:
      'Crossfeed is a content-sharing and cross-promotion platform. It matches you with creators in your niche so you can share each other’s content and grow your audiences together.',
  },
  {
    question: 'How does the waitlist work?',
    answer:
      'Join with your name and email, then confirm your email address from the message we send you. Your position is set when you join and improves as you refer other creators.',
  },
  {
    question: 'What do early members receive?',
    answer: `The first ${WAITLIST_TOP_TIER} members receive lifetime free access. Everyone else on the waitlist receives 1 month free at launch.`,
  },
  {
    question: 'How do referrals work?',
    answer:
      'After joining you get a personal referral link. Each creator who joins the waitlist through it counts as one referral for you and moves you closer to the top of the list.',
  },
  {
    question: 'Why do I need to confirm my email?',
    answer: 'Confirmation proves the address is yours and secures your position. Unconfirmed spots are not guaranteed an invitation.',
  },
  {
    question: 'When does Crossfeed launch?',
    answer: 'The public beta opens in August. Follow the Progress & Updates tab for milestones and news.',
  },
  {
    question: 'Will you share my email address?',
    answer: 'No. We use your email only to manage your waitlist spot and to tell you about the launch.',
  },
];
