import { useEffect, useState } from 'react';
import { ScoreParts, scorePartsOf, type ScorePart } from '@/components/ui/score-parts';
import { errorMessage } from '@/lib/api-client';
import { getOwnScore } from '../api/get-score-parts';

export const SCORE_PARTS_LOADING = 'Loading how your score is computed…';
export const SCORE_PARTS_FAILED = 'Failed to load how your score is computed.';
export const SCORE_PARTS_EMPTY = 'Your score is computed after your first share, click or contact; its parts will show here.';

type State = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; parts: ScorePart[] };

/**
 * The Profile's audience score in words: the parts of the same score the creator card and matching use,
 * fetched when the creator opens them.
 */
export function AudienceScoreParts({ userId }: { userId: string }) {
  const [opened, setOpened] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getOwnScore(userId, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ status: 'ready', parts: scorePartsOf(answer?.score_parts) });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error, SCORE_PARTS_FAILED) });
      },
    );
    return () => controller.abort();
  }, [userId, opened]);

  let body;
  if (state.status === 'idle') body = null;
  else if (state.status === 'loading') body = <p role="status">{SCORE_PARTS_LOADING}</p>;
  else if (state.status === 'error') body = <p className="form-message form-message-error" role="alert">{state.message}</p>;
  else if (state.parts.length === 0) body = <p className="modal-empty">{SCORE_PARTS_EMPTY}</p>;
  else body = <ScoreParts parts={state.parts} label="Parts of your audience score" />;

  return (
    <details className="score-details account-score-parts" onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>How your score is computed</summary>
      {body}
    </details>
  );
}
