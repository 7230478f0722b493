import { z } from 'zod';
import type { Score } from '@crossfeed/domain/rules/audience-score.ts';
import type { ContactDoc } from '@crossfeed/projections/contacts/contacts.projection.ts';
import type { ContactStatus } from '@crossfeed/projections/mailboxes/mailbox-facts.queries.ts';
import { ScorePartSchema } from '../analytics/analytics.dto.ts';

/**
 * SPEC §3 Contact, with the parts its audience score is the sum of (domain/src/rules/audience-score.ts). The
 * schema describes it in the OpenAPI document (issue 26); the type is derived from it.
 */
export const ContactDtoSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    audience_score: z.number().describe('0-100: what the contact did with the links sent to them.'),
    score_parts: z.array(ScorePartSchema),
    status: (z.enum(['active', 'unsubscribed', 'bounced', 'suppressed']) satisfies z.ZodType<ContactStatus>).describe(
      'Whether share e-mails can reach the person: `unsubscribed` (from this creator or from Crossfeed; which is never said), `bounced` (the address bounced or its owner marked a Crossfeed e-mail as spam), `suppressed` (the creator\'s imported list marks the person inactive or disabled), else `active`.',
    ),
  })
  .meta({ id: 'Contact' });
export type ContactDto = z.infer<typeof ContactDtoSchema>;

export type { ContactStatus };

/** `score` from `contactScoresOf` (projections/src/audience-scores/audience-scores.queries.ts). */
export function toContactDto(doc: ContactDoc, score: Score, status: ContactStatus = 'active'): ContactDto {
  return { id: doc._id, name: doc.name, email: doc.email, audience_score: score.score, score_parts: score.parts, status };
}
