/**
 * Audience scores (0-100), written once here and used by the audience-score worker, the API and the UI.
 * Each score is a sum of parts; each part says, in words a creator understands, what was measured and how
 * many of its points it earned. Only delivered shares, counted clicks (a visitor once a day, within bounds)
 * and verified conversions count (DESIGN §4b, docs/scores.md). No part falls when clicks rise, so clicks
 * forged on someone else's link cannot sink their score.
 */

/** One part of a score: `points` of at most `max`, with `detail` saying what was measured. */
export interface ScorePart {
  key: string;
  label: string;
  points: number;
  max: number;
  detail: string;
}

export interface Score {
  /** 0-100, one decimal. */
  score: number;
  parts: ScorePart[];
}

export const CREATOR_SCORE_WEIGHTS = { share_completion: 40, clicks_per_share: 30, conversions_per_share: 20, contact_engagement: 10 } as const;
/** Clicks per delivered share that earn the full clicks part. */
export const CLICKS_PER_SHARE_TARGET = 2;
/** Verified conversions per delivered share that earn the full conversions part (10% of the clicks target). */
export const CONVERSIONS_PER_SHARE_TARGET = 0.2;

export const CONTACT_POINTS_PER_CLICK_DAY = 20;
export const CONTACT_CLICK_POINTS_MAX = 60;
export const CONTACT_POINTS_PER_CONVERSION = 20;
export const CONTACT_CONVERSION_POINTS_MAX = 40;

/** What a creator's score is computed from (all over their live content and their contacts). */
export interface CreatorScoreInputs {
  /** Live items of content. */
  contents: number;
  /** Sum over those items of min(1, delivered shares / required shares). */
  completionSum: number;
  /** Delivered shares the items received, and the shares they ask for. */
  shares: number;
  requiredShares: number;
  /** Counted clicks on the items' links: a visitor once per content and day, within the bounds. */
  countedClicks: number;
  /** People's clicks in all (for the words only). */
  humanClicks: number;
  /** Verified conversions: tied to a counted click within the window (self-reported ones never count). */
  conversions: number;
  /** The creator's contacts, and how many of them clicked a link sent to them. */
  contacts: number;
  engagedContacts: number;
}

/** What a contact's score is computed from: their clicks on links Crossfeed e-mailed them. */
export interface ContactScoreInputs {
  /** Distinct UTC days with at least one human click on a link sent to the contact. */
  clickDays: number;
  /** Human clicks in all (for the words only). */
  clicks: number;
  /** Verified conversions from their clicks. */
  conversions: number;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;
const clamp01 = (value: number): number => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
const percent = (ratio: number): string => `${round1(ratio * 100)}%`;

function total(parts: ScorePart[]): number {
  return Math.min(100, round1(parts.reduce((sum, part) => sum + part.points, 0)));
}

export function creatorScore(input: CreatorScoreInputs): Score {
  const w = CREATOR_SCORE_WEIGHTS;
  const completion = input.contents > 0 ? input.completionSum / input.contents : 0;
  const clicksPerShare = input.shares > 0 ? input.countedClicks / input.shares : 0;
  const conversionsPerShare = input.shares > 0 ? input.conversions / input.shares : 0;
  const engagement = input.contacts > 0 ? input.engagedContacts / input.contacts : 0;
  const repeats = input.humanClicks > input.countedClicks ? ` (${plural(input.humanClicks, 'click')} in all; a visitor's repeat clicks on one day count once)` : '';

  const parts: ScorePart[] = [
    {
      key: 'share_completion',
      label: 'Shares your content received',
      points: round1(clamp01(completion) * w.share_completion),
      max: w.share_completion,
      detail:
        input.contents === 0
          ? 'You have no content in the exchange yet.'
          : `Your ${plural(input.contents, 'item')} received ${input.shares} of the ${input.requiredShares} shares they ask for (${percent(clamp01(completion))} complete on average).`,
    },
    {
      key: 'clicks_per_share',
      label: 'Clicks per share',
      points: round1(clamp01(clicksPerShare / CLICKS_PER_SHARE_TARGET) * w.clicks_per_share),
      max: w.clicks_per_share,
      detail:
        input.shares === 0
          ? 'No shares of your content yet, so no clicks to count.'
          : `${plural(input.countedClicks, 'click')} by people on ${plural(input.shares, 'share')}${repeats}: ${round1(clicksPerShare)} per share; full points at ${CLICKS_PER_SHARE_TARGET}.`,
    },
    {
      key: 'conversions_per_share',
      label: 'Conversions per share',
      points: round1(clamp01(conversionsPerShare / CONVERSIONS_PER_SHARE_TARGET) * w.conversions_per_share),
      max: w.conversions_per_share,
      detail:
        input.shares === 0
          ? 'No shares of your content yet, so no conversions to count.'
          : `${plural(input.conversions, 'verified conversion')} on ${plural(input.shares, 'share')}: ${Math.round(conversionsPerShare * 100) / 100} per share; full points at ${CONVERSIONS_PER_SHARE_TARGET}. Only conversions your site reports after a counted click count.`,
    },
    {
      key: 'contact_engagement',
      label: 'Your contacts who click',
      points: round1(clamp01(engagement) * w.contact_engagement),
      max: w.contact_engagement,
      detail:
        input.contacts === 0
          ? 'You have no contacts yet.'
          : input.contacts === 1
            ? `Your only contact ${input.engagedContacts > 0 ? 'clicked a link sent to them' : 'has not clicked a link sent to them yet'}.`
            : `${input.engagedContacts} of your ${input.contacts} contacts clicked a link sent to them.`,
    },
  ];
  return { score: total(parts), parts };
}

/**
 * The parts as another creator sees them (the creator card): the same points, in the third person, saying
 * what each part measures without the creator's own counts (their contacts and conversions stay theirs).
 */
const PUBLIC_CREATOR_PARTS: Record<string, { label: string; detail: string }> = {
  share_completion: { label: 'Shares their content received', detail: 'How close their items are to the shares they ask for.' },
  clicks_per_share: { label: 'Clicks per share', detail: `People's clicks on their content per share; full points at ${CLICKS_PER_SHARE_TARGET}.` },
  conversions_per_share: { label: 'Conversions per share', detail: `Verified conversions on their content per share; full points at ${CONVERSIONS_PER_SHARE_TARGET}.` },
  contact_engagement: { label: 'Their contacts who click', detail: 'How many of their contacts click the links sent to them.' },
};

export function publicCreatorParts(parts: readonly ScorePart[]): ScorePart[] {
  return parts.map((part) => ({ ...part, ...(PUBLIC_CREATOR_PARTS[part.key] ?? { detail: '' }) }));
}

export function contactScore(input: ContactScoreInputs): Score {
  const parts: ScorePart[] = [
    {
      key: 'click_days',
      label: 'Days they clicked a link you sent',
      points: Math.min(CONTACT_CLICK_POINTS_MAX, input.clickDays * CONTACT_POINTS_PER_CLICK_DAY),
      max: CONTACT_CLICK_POINTS_MAX,
      detail:
        input.clicks === 0
          ? 'No clicks yet.'
          : `${plural(input.clickDays, 'day')} with a click (${plural(input.clicks, 'click')} in all; more clicks on one day count once). ${CONTACT_POINTS_PER_CLICK_DAY} points a day.`,
    },
    {
      key: 'conversions',
      label: 'Conversions from their clicks',
      points: Math.min(CONTACT_CONVERSION_POINTS_MAX, input.conversions * CONTACT_POINTS_PER_CONVERSION),
      max: CONTACT_CONVERSION_POINTS_MAX,
      detail:
        input.conversions === 0
          ? 'No verified conversions yet.'
          : `${plural(input.conversions, 'verified conversion')}. ${CONTACT_POINTS_PER_CONVERSION} points each.`,
    },
  ];
  return { score: total(parts), parts };
}

/** The UTC day (YYYY-MM-DD) of an ISO timestamp: the unit a contact's repeat clicks are counted once in. */
export const utcDay = (iso: string): string => iso.slice(0, 10);
