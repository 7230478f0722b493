import {
  FREE_DAILY_SEARCHES,
  FREE_DAILY_SHARES,
  FREE_WEEKLY_SUBMISSIONS,
  MONEY_BACK_GUARANTEE_DAYS,
  PREMIUM_PRICE_USD_CENTS,
} from '@crossfeed/domain/rules/limits.ts';
import { FREE_FEATURES, PREMIUM_FEATURES } from '@/lib/premium-features';

/** SPEC §2 Pricing page: the two plans and their feature lists, with the text of the info popover. */
export const FEATURE_INFO: Record<string, string> = {
  'Content Sharing': `Share your content with matched creators, up to ${FREE_DAILY_SHARES} shares a day.`,
  'Unlimited Content Sharing': 'Share as much content as you like, with no daily limit.',
  'Basic Analytics': 'See views and shares for each piece of content you add.',
  'Advanced Analytics': 'Detailed analytics with share rates, trends and conversion tracking.',
  'Content Discovery': 'Browse and search content from creators whose interests match yours.',
  'Audience Score': 'A 0-100 score of how engaged your audience is.',
  'Limited Match Shuffles': 'Shuffle your matches a limited number of times per batch.',
  'Unlimited Match Shuffles': 'Shuffle your matches as often as you like.',
  'Ranked Content': 'Filter matches to the content ranked highest for you.',
  'Top Performer Filtering': 'Filter matches to the creators whose content performs best.',
  'Audience Insights': 'Understand who your audience is and how it overlaps with partners.',
  'Priority Matching': 'Your content is matched with other creators first.',
  'Custom Link Tracking': 'Short links on your content, with click and conversion tracking.',
  'Contact Quality Scoring': 'See which of your contacts engage most with what you share.',
};

export type Plan = {
  id: 'free' | 'premium';
  name: string;
  price: string;
  period?: string;
  /** A line under the price (SPEC §1: the plan card says the price is monthly, cancel anytime). */
  terms?: string;
  tag?: string;
  description: string;
  features: readonly string[];
};

export const PREMIUM_PRICE = `$${PREMIUM_PRICE_USD_CENTS / 100} USD`;

/**
 * SPEC §1: the pricing copy gives both readings: the text says one-time payment with no recurring charges,
 * the plan card says per month with cancel anytime. This is the text's reading.
 */
export const PRICING_TEXT_READING = 'One-time payment, no recurring charges.';

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 'Free',
    description: 'Everything you need to start cross-promoting with other creators.',
    features: FREE_FEATURES,
  },
  {
    id: 'premium',
    name: 'Premium',
    price: PREMIUM_PRICE,
    period: 'per month',
    terms: 'Cancel anytime.',
    tag: 'Most popular',
    description: 'Unlimited reach, advanced filters and deeper insight into your audience.',
    features: PREMIUM_FEATURES,
  },
];

export type FaqEntry = { question: string; answer: string };

export const PRICING_FAQ: readonly FaqEntry[] = [
  {
    question: 'What is Crossfeed?',
    answer:
      'Crossfeed is a content-sharing and cross-promotion platform for creators. It matches you with creators who share your interests so you can share each other’s content and grow together.',
  },
  {
    question: 'How do I join?',
    answer: 'Sign up with a username, email and password, then set up your profile with your interests. It takes a couple of minutes.',
  },
  {
    question: 'Is there a free tier?',
    answer:
      `Yes. The Free plan includes content sharing (${FREE_DAILY_SHARES} shares a day), ${FREE_WEEKLY_SUBMISSIONS} submissions a week, basic analytics, content discovery (${FREE_DAILY_SEARCHES} searches a day), your audience score and limited match shuffles, at no cost.`,
  },
  {
    question: 'Is there a money-back guarantee?',
    answer: `Yes. Premium comes with a ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: if it is not for you, contact us within ${MONEY_BACK_GUARANTEE_DAYS} days for a full refund.`,
  },
  {
    question: 'How do payment and cancelling work?',
    answer: `Premium is ${PREMIUM_PRICE} per month, paid securely by card through our payment provider. You can cancel at any time; Premium stays active until the end of the period you paid for.`,
  },
  {
    question: 'What is the difference between Free and Premium?',
    answer:
      'Free covers the essentials with daily and weekly limits. Premium removes the limits (unlimited sharing, submissions, searches and shuffles) and adds ranked content, top performer filtering, advanced analytics with daily charts and CSV export, audience insights and overlap with your partners, priority matching, link tracking, contact quality scoring, batch actions and scheduled shares and releases.',
  },
];
