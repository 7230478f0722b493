import { OVERLAP_MIN_AUDIENCE, OVERLAP_MIN_SHARED } from '@crossfeed/domain/rules/audience-insights.ts';

/** How a partner is named in the sentences: their username, or a neutral name when it is unknown. */
export const partnerName = (username: string | null): string => username ?? 'this partner';

const possessive = (name: string): string => (name === 'this partner' ? 'this partner\u2019s' : `${name}\u2019s`);

/** The sentences under each number, saying how it is computed. */
export const explain = {
  shared: (name: string) =>
    `Contacts whose e-mail appears in both your and ${possessive(name)} contact lists, compared by a one-way hash; neither side sees the other\u2019s contacts.`,
  ofMine: () => 'The shared contacts as a share of all your contacts.',
  ofTheirs: (name: string) => `The shared contacts as a share of all of ${possessive(name)} contacts.`,
  categories: () =>
    'People\u2019s clicks (bots left out) on the links your contacts received from you, by the category of the content they opened. Content in two categories counts in both, so the shares can add up to more than 100%.',
};

/** Why an overlap shows no numbers. */
export const withheld = {
  few: () =>
    `Fewer than ${OVERLAP_MIN_SHARED} shared contacts, possibly none. Counts this small are not shown, so that no one can tell who they are.`,
  yourAudienceSmall: () =>
    `Add at least ${OVERLAP_MIN_AUDIENCE} contacts to compare your audience (contacts added today count from tomorrow). Smaller lists are not compared, so that no one can tell who is on them.`,
  theirAudienceSmall: (name: string) =>
    `${name === 'this partner' ? 'This partner has' : `${name} has`} too few contacts to compare without telling who they are.`,
};

/** "November 12, 2026": the UTC day of an instant. */
const utcDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** When the lists were compared as of: the day's snapshot, taken at 00:00 UTC. */
export const snapshotNote = (listsAsOf: string): string =>
  `Both contact lists as they stood at 00:00 UTC on ${utcDate(listsAsOf)}: contacts added or removed since count from the next day.`;

const times = (count: number): string => (count === 1 ? 'once' : `${count} times`);

/** How the two creators exchanged: "You shared their content 2 times · They shared yours once". */
export function exchangeSummary(sharesGiven: number, sharesReceived: number): string {
  const parts: string[] = [];
  if (sharesGiven > 0) parts.push(`You shared their content ${times(sharesGiven)}`);
  if (sharesReceived > 0) parts.push(`${parts.length > 0 ? 'they' : 'They'} shared yours ${times(sharesReceived)}`);
  return parts.join(' \u00b7 ');
}

/** A count as shown: "12,000". */
export const formatCount = (count: number): string => count.toLocaleString('en-US');
