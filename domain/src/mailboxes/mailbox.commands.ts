import type { MailboxDelivery, MailFailureSource, UnsubscribeSource } from './mailbox.events.ts';

/**
 * Commands of `mailbox-{key}`. `mailbox` is the normalised address (`normalizedEmail`); the time and the
 * caps come in the command.
 */

/** Records a share e-mail just before it is sent: refused while suppressed or past the address's daily cap. */
export interface RecordShareEmail {
  type: 'RecordShareEmail';
  data: MailboxDelivery & { mailbox: string; dailyCap: number };
}

/** Undoes the record of a share e-mail the mailer could not take (temporary failure): the retry sends it. */
export interface ReleaseShareEmail {
  type: 'ReleaseShareEmail';
  data: { mailbox: string; shareId: string; now: string };
}

export interface UnsubscribeMailbox {
  type: 'UnsubscribeMailbox';
  data: { mailbox: string; scope: 'all' | 'sharer'; sharerId: string | null; source: UnsubscribeSource; now: string };
}

/** A bounce or a spam complaint reported by the relay (or a 5xx refusal at send). Soft bounces change nothing. */
export interface RecordMailFailure {
  type: 'RecordMailFailure';
  data: { mailbox: string; kind: 'hard_bounce' | 'soft_bounce' | 'complaint'; source: MailFailureSource; now: string };
}

export type MailboxCommand = RecordShareEmail | ReleaseShareEmail | UnsubscribeMailbox | RecordMailFailure;
