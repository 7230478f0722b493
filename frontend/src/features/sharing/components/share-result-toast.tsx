import type { ShareContentResponse } from '../api/share-content';
import { SHARE_REASON_LABELS, SHARE_SUCCESS, countedText, notSentText, releasedToExchange, sharedWith } from '../messages';

/**
 * The one toast after a share: SPEC §8's 'Content shared successfully!' in an element of its own, then one
 * sentence each for whom it reached, what it counted, whom it skipped and what a completed match released.
 */
export function ShareResultToast({ answer }: { answer: ShareContentResponse | undefined }) {
  const reached = answer?.reached ?? [];
  const skipped = answer?.skipped ?? [];
  const names = reached.map((contact) => contact.name ?? contact.id);
  const counted = answer?.counted ?? reached.filter((contact) => contact.counted).length;
  const sentences = [
    names.length > 0 ? sharedWith(names) : null,
    reached.length > 0 ? countedText(counted, reached.length, answer?.match) : null,
    skipped.length > 0 ? notSentText(skipped.map((contact) => `${contact.name ?? contact.id} (${SHARE_REASON_LABELS[contact.reason] ?? contact.reason})`)) : null,
    answer?.released ? releasedToExchange(answer.released.title ?? '') : null,
  ].filter((sentence): sentence is string => sentence !== null);
  return (
    <div className="share-result">
      <strong className="share-result-title">{SHARE_SUCCESS}</strong>
      {sentences.map((sentence) => (
        <span key={sentence} className="share-result-line">
          {' '}
          {sentence}
        </span>
      ))}
    </div>
  );
}
