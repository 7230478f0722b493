import type { Score, ScorePart } from '@crossfeed/domain/rules/audience-score.ts';
import type { ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { ContactStatus } from '@crossfeed/projections/mailboxes/mailbox-facts.queries.ts';

/** SPEC §3 Contact, with the parts its audience score is the sum of (domain/src/rules/audience-score.ts). */
export interface ContactDto {
  id: string;
  name: string;
  email: string;
  /** 0-100: what the contact did with the links sent to them. */
  audience_score: number;
  score_parts: ScorePart[];
  /**
   * Whether share e-mails can reach the person: `unsubscribed` (from this creator or from Crossfeed; which is
   * never said), `bounced` (the address bounced or its owner marked a Crossfeed e-mail as spam), `suppressed`
   * (the creator's imported list marks the person inactive or disabled), else `active`. The first two also
   * come from the creator's imported list (docs/features/contact-import.md).
   */
  status: ContactStatus;
}

export type { ContactStatus };

/** `score` from `contactScoresOf` (projections/src/audience-scores/audience-scores.queries.ts). */
export function toContactDto(doc: ContactDoc, score: Score, status: ContactStatus = 'active'): ContactDto {
  return { id: doc._id, name: doc.name, email: doc.email, audience_score: score.score, score_parts: score.parts, status };
}
