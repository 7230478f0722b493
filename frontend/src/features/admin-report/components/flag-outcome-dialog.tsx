import { useRef } from 'react';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import type { FlagOutcome } from '@crossfeed/domain/flags/flag-outcome.ts';
import { Modal } from '@/components/ui/modal';
import { ADMIN_REPORT_MESSAGES, outcomeQuestion } from '../messages';

/** The deletion that needs an outcome: one flag, or a bulk deletion. */
export type OutcomeAsk = { kind: 'flag'; flag: FlagDto } | { kind: 'bulk'; ids: string[] };

type FlagOutcomeDialogProps = {
  /** Open while set. */
  ask: OutcomeAsk | null;
  onChoose: (outcome: FlagOutcome) => void;
  onCancel: () => void;
};

/**
 * Deleting the last open flag on content under review (docs/security.md, "Moderation that sticks"): the
 * admin approves the content or keeps its status; Cancel (first focus) deletes nothing.
 */
export function FlagOutcomeDialog({ ask, onChoose, onCancel }: FlagOutcomeDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const question = ask ? outcomeQuestion(ask.kind === 'flag' ? { title: ask.flag.content.title } : { count: ask.ids.length }) : '';
  return (
    <Modal
      open={ask !== null}
      onClose={onCancel}
      title={ADMIN_REPORT_MESSAGES.outcomeTitle}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className="button button-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-ghost" onClick={() => onChoose('keep')}>
            {ADMIN_REPORT_MESSAGES.outcomeKeep}
          </button>
          <button type="button" className="button button-primary" onClick={() => onChoose('approve')}>
            {ADMIN_REPORT_MESSAGES.outcomeApprove}
          </button>
        </>
      }
    >
      <div className="confirm-body">
        <p className="confirm-message">{question}</p>
        <p className="flag-muted">{ADMIN_REPORT_MESSAGES.outcomeKeepHint}</p>
      </div>
    </Modal>
  );
}
