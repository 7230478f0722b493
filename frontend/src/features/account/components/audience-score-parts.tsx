import { useState } from 'react';
import { ScoreParts, scorePartsOf } from '@/components/ui/score-parts';
import { errorMessage } from '@/lib/api-client';
import { useShownQuery } from '@/lib/query/use-shown-query';
import { getOwnScore } from '../api/get-score-parts';

export const SCORE_PARTS_LOADING = 'Loading how your score is computed…';
export const SCORE_PARTS_FAILED = 'Failed to load how your score is computed.';
export const SCORE_PARTS_EMPTY = 'Your score is computed after your first share, click or contact; its parts will show here.';

/** The score's parts in the query cache: read at each opening of the details, dropped when they close. */
const scorePartsKey = (userId: string) => ['account', 'score-parts', userId] as const;

/**
 * The Profile's audience score in words: the parts of the same score the creator card and matching use,
 * fetched when the creator opens them.
 */
export function AudienceScoreParts({ userId }: { userId: string }) {
  const [opened, setOpened] = useState(false);
  const query = useShownQuery(
    {
      queryKey: scorePartsKey(userId),
      queryFn: async ({ signal }) => scorePartsOf((await getOwnScore(userId, signal))?.score_parts),
    },
    opened,
  );

  let body;
  if (query.isError) body = <p className="form-message form-message-error" role="alert">{errorMessage(query.error, SCORE_PARTS_FAILED)}</p>;
  else if (query.isSuccess) body = query.data.length === 0 ? <p className="modal-empty">{SCORE_PARTS_EMPTY}</p> : <ScoreParts parts={query.data} label="Parts of your audience score" />;
  else if (opened) body = <p role="status">{SCORE_PARTS_LOADING}</p>;
  else body = null;

  return (
    <details className="score-details account-score-parts" onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>How your score is computed</summary>
      {body}
    </details>
  );
}
