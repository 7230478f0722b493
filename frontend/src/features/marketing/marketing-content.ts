import {
  FREE_DAILY_SHARES,
  FREE_WEEKLY_SUBMISSIONS,
  MONEY_BACK_GUARANTEE_DAYS,
  PREMIUM_PRICE_USD_CENTS,
  WAITLIST_TOP_TIER,
} from '@crossfeed/domain/rules/limits.ts';

/** Product copy of the public pages: About (SPEC §1 metrics and founder's note), Contact and Terms. */

export type Metric = { value: string; label: string };

/** SPEC §1 About page. */
export const ABOUT_METRICS: readonly Metric[] = [
  { value: '2023', label: 'Launched' },
  { value: '7,500+', label: 'Active users' },
  { value: '$24,000+', label: 'Annual revenue' },
  { value: '1,250', label: 'Signups last month' },
  { value: '19', label: 'Countries reached' },
  { value: 'Solo', label: 'Founder-built and run' },
];

export const FOUNDER_NOTE: readonly string[] = [
  'I started Crossfeed because I watched talented creators publish excellent work that almost nobody saw. The platforms reward whoever is already big; everyone else is left shouting into the feed.',
  'Creators have always grown by recommending each other. Crossfeed turns that habit into a fair system: you share work from creators who fit your audience, and every share puts your own content in front of theirs.',
  'I build and run Crossfeed on my own, which means every feature request, bug report and note lands on my desk. Thank you for being part of it.',
];

export type Step = { title: string; text: string };

export const HOW_IT_WORKS: readonly Step[] = [
  { title: 'Queue your content', text: 'Add links to your articles, videos, podcasts and newsletters, with a type and categories.' },
  { title: 'Get matched', text: 'Crossfeed pairs you with content from creators whose interests and audience fit yours.' },
  { title: 'Share and grow', text: 'Share matched content with your contacts. Each share releases your own content for promotion.' },
];

/** The address the contact page writes to (mailto: there is no contact API). */
export const CONTACT_EMAIL = 'support@crossfeed.app';
export const SOCIAL_URL = 'https://x.com/crossfeed';
export const SOCIAL_HANDLE = '@crossfeed';

export const CONTACT_TOPICS = ['General question', 'Account and billing', 'Partnerships', 'Press', 'Report a problem'] as const;

export type TermsSection = { id: string; title: string; paragraphs: readonly string[] };

const PREMIUM_PRICE = `$${PREMIUM_PRICE_USD_CENTS / 100} USD`;

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    paragraphs: [
      'These Terms of Service govern your use of Crossfeed, including the website, the waitlist and the application. By creating an account or joining the waitlist you agree to them. If you do not agree, please do not use Crossfeed.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your account',
    paragraphs: [
      'You must provide accurate information when you register and keep your password confidential. You are responsible for everything that happens under your account.',
      'Tell us promptly at the contact address below if you believe someone else has accessed your account.',
    ],
  },
  {
    id: 'content',
    title: 'Content you submit',
    paragraphs: [
      'You may only submit links to content that you own or are authorised to promote. You keep all rights to your content.',
      'By submitting a link you allow Crossfeed to display its title, description and link to other creators, and to create short links that track shares, clicks and conversions.',
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing and promotion',
    paragraphs: [
      'Crossfeed matches your content with content from other creators. When you share matched content with your contacts, you confirm that you have their permission to send it and that your messages comply with the laws that apply to you.',
      `On the Free plan you can submit up to ${FREE_WEEKLY_SUBMISSIONS} pieces of content per week and share up to ${FREE_DAILY_SHARES} times per day. Premium removes these limits.`,
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use and moderation',
    paragraphs: [
      'Do not submit or share content that is unlawful, deceptive, hateful, sexually explicit, infringing, or that contains malware. Do not manipulate shares, referrals or analytics, or use automated means to access the service.',
      'Any user can flag content for review. We may change the status of flagged content, remove it, or suspend accounts that break these terms.',
    ],
  },
  {
    id: 'premium',
    title: 'Premium plan and payments',
    paragraphs: [
      `Premium is offered at ${PREMIUM_PRICE} per month, as shown on the Pricing page and at checkout. Payments are processed by our card payment provider; we do not store your card details.`,
      `Premium comes with a ${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee. You can cancel at any time; access continues until the end of the period you have paid for. Invoices and receipts are available.`,
    ],
  },
  {
    id: 'waitlist',
    title: 'Waitlist, referrals and promo codes',
    paragraphs: [
      `Waitlist positions are assigned in the order people join. The first ${WAITLIST_TOP_TIER} members receive lifetime free access; other members receive one month free at launch. You must confirm your email address to secure your position.`,
      'Referral credit is given once per referred email address. Self-referrals and referrals obtained through spam or fake addresses do not count, and we may remove them.',
      'Promo codes can be redeemed once, are not transferable and have no cash value.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    paragraphs: [
      'We collect the information you give us (such as your username, email address, profile and contacts) and usage data (such as page views, shares and clicks) to operate, secure and improve Crossfeed.',
      'We do not sell your personal data. Contacts you add are used only to share content on your instruction. We use a card payment provider for payments and an analytics service to understand how the site is used.',
      'You can ask us to access, correct or delete your data at any time by writing to the contact address below.',
    ],
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    paragraphs: [
      'You may stop using Crossfeed at any time. We may suspend or close accounts that violate these terms or put other users at risk, and will tell you why where we are able to.',
    ],
  },
  {
    id: 'liability',
    title: 'Disclaimers and liability',
    paragraphs: [
      'Crossfeed is provided “as is”. We work hard to keep it available and accurate, but we do not guarantee any particular reach, number of shares or results.',
      'To the extent permitted by law, Crossfeed is not liable for indirect or consequential losses, and our total liability is limited to the amount you paid us in the twelve months before the claim.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    paragraphs: [
      'We may update these terms as the product evolves. When a change is significant we will notify you by email or in the app before it takes effect. Continuing to use Crossfeed after that means you accept the updated terms.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    paragraphs: [`Questions about these terms? Write to ${CONTACT_EMAIL}.`],
  },
];
