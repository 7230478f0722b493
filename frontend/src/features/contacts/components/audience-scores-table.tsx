import { ScoreParts, scorePartsOf } from '@/components/ui/score-parts';
import type { Contact } from '@/lib/api/contacts';
import { scoreBarWidth, scoreTone } from '@/lib/audience-score';
import { contactScore, formatScore } from '../utils/contact-rules';

/**
 * SPEC §2 Contacts, tab 'Audience Scores': name, email and the contact's audience score out of 100 with a
 * bar (clamped to 0-100, coloured at 80 and 60), or 'N/A' while the contact has no score. 'Why?' opens the
 * score's parts in words (days with a click, conversions).
 */
export function AudienceScoresTable({ contacts }: { contacts: Contact[] }) {
  return (
    <div className="contacts-scroll">
      <table className="contacts-table">
        <caption className="visually-hidden">Audience scores of your contacts</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Audience Score</th>
          </tr>
        </thead>
        <tbody>
          {contacts.map((contact) => {
            const score = contactScore(contact.audience_score);
            const parts = scorePartsOf(contact.score_parts);
            return (
              <tr key={contact.id}>
                <td className="contacts-name">{contact.name}</td>
                <td className="contacts-email">{contact.email}</td>
                <td className="contacts-score-cell">
                  {score === null ? (
                    'N/A'
                  ) : (
                    <div className="contacts-score">
                      <div
                        className="contacts-score-track"
                        role="meter"
                        aria-label={`Audience score of ${contact.name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={scoreBarWidth(score)}
                      >
                        <div
                          className={`contacts-score-bar contacts-score-${scoreTone(score)}`}
                          style={{ width: `${scoreBarWidth(score)}%` }}
                        />
                      </div>
                      <span className="contacts-score-value">{formatScore(score)} / 100</span>
                    </div>
                  )}
                  {parts.length > 0 ? (
                    <details className="score-details">
                      <summary>Why?</summary>
                      <ScoreParts parts={parts} label={`Parts of ${contact.name}'s audience score`} />
                    </details>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
