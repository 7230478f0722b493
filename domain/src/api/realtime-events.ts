/**
 * The one socket.io contract shared by the server, the push reactor and the browser (STYLE.md: one shared
 * `ServerToClientEvents` / `ClientToServerEvents` type). Payloads are the REST API's shapes (SPEC §3).
 */
import { z } from 'zod';
import type { ContentDto } from './content.dto.ts';
import type { ReplayJobProgress } from './replay.dto.ts';

/**
 * The REST shapes the pushes share are zod schemas (the OpenAPI document describes the answers with them,
 * issue 26) and their types are derived from them, so the two cannot drift.
 */

/** SPEC §3 Profile, as the API returns it. */
export const ProfileDtoSchema = z
  .object({
    name: z.string(),
    bio: z.string(),
    categories: z.array(z.string()),
    interests: z.array(z.string()),
    content_type: z.string(),
    audience_score: z.number().nullable().describe('0-100; null before the score worker first ran for the user.'),
  })
  .meta({ id: 'Profile' });
export type ProfileDto = z.infer<typeof ProfileDtoSchema>;

export const WaitlistCarryOverDtoSchema = z
  .object({
    position: z.number().int(),
    tier: z.enum(['lifetime', 'one_month']),
    month_free_granted: z
      .boolean()
      .describe('The month of Premium was granted (WAITLIST_MONTH_FREE=at-signup); false for lifetime or while it waits for launch.'),
    message: z.string(),
  })
  .describe('The waitlist entry this account carried over, with what the user is told ("Waitlist #4: lifetime Premium").');
export type WaitlistCarryOverDto = z.infer<typeof WaitlistCarryOverDtoSchema>;

/** SPEC §3 User, as the current-user call, login and register answer it. */
export const UserDtoSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    is_admin: z.boolean(),
    is_premium: z.boolean(),
    has_profile_completed: z.boolean(),
    categories: z.array(z.string()),
    share_count: z.number().int(),
    view_count: z.number().int(),
    avatar_url: z.string().nullable(),
    referral_code: z.string().nullable(),
    premium_until: z.string().nullable().describe('When a time-limited Premium (promo) ends; null otherwise.'),
    premium_lifetime: z
      .boolean()
      .optional()
      .describe("Lifetime Premium (the waitlist's top tier, carried over at sign-up): Premium forever. Always sent by the server (optional for older clients and fixtures)."),
    waitlist: WaitlistCarryOverDtoSchema.nullable().optional(),
    has_completed_tour: z
      .boolean()
      .optional()
      .describe('SPEC §4 Tour: the guided tour is completed (on any device). Always sent by the server (optional for older clients and fixtures).'),
    profile: ProfileDtoSchema.nullable(),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof UserDtoSchema>;

/** SPEC §3 Notification, as GET /notifications/ returns each item. */
export const NotificationDtoSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    timestamp: z.string().describe('When it was made (ISO 8601).'),
    is_read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type NotificationDto = z.infer<typeof NotificationDtoSchema>;

/** SPEC §3 Flag, as GET /flags/ returns each item. */
export const FlagDtoSchema = z
  .object({
    id: z.string(),
    content_id: z.string(),
    reason: z.string(),
    created_at: z.string(),
    user: z.object({ username: z.string() }).describe('The reporter.'),
    content: z
      .object({
        title: z.string(),
        content_type: z.string().nullable(),
        categories: z.array(z.string()),
        status: z.string().nullable().describe("The moderation status once an admin set one, else the owner status; 'deleted' once removed; null when the content is gone."),
      })
      .describe('The flagged content as it is now (the title it had when flagged, if it is gone).'),
  })
  .meta({ id: 'Flag' });
export type FlagDto = z.infer<typeof FlagDtoSchema>;

/** A share moved the owner's content towards its required shares. */
export interface ContentProgressPush {
  content_id: string;
  share_count: number;
  required_shares: number;
  status: string;
}

/**
 * A moderation change on flagged content: a new moderation `status`, a flag deleted (`flag_id`,
 * `deleted: true`), or the content removed with all its flags (`deleted: true`, no `flag_id`).
 */
export interface FlagUpdatedPush {
  flag_id?: string;
  content_id: string;
  status?: string;
  deleted?: boolean;
}

export interface WaitlistCountPush {
  count: number;
}

/**
 * Progress of a read-model rebuild (admins), as projections/src/replay/replay.processor.ts pushes it:
 * `active` reports, then `completed` (with the result) or `failed` (with `error`).
 */
export interface ReplayProgressPush extends Partial<ReplayJobProgress> {
  id: string | undefined;
  projection: string;
  state: 'active' | 'completed' | 'failed';
  error?: string;
}

/** To `waitlist:{referralCode}` (the joiner's own page, which holds the entry's secret token). */
export interface WaitlistRankPush {
  position: number;
  referrals: number;
  /** Position moved up by confirmed referrals (the waitlist-rank worker's); null until it has run. */
  rank?: number | null;
  confirmed?: boolean;
}

/**
 * The creator's home workspace changed (its selection, a reset, or a share that moved a match's progress
 * and the shares left today): every open tab fetches GET /workspace again. A hint rather than the body,
 * because the shares left today are decided on the event log, which the push reactor does not read.
 */
/** After each command of a large contact import: rows written so far, of the rows it writes. */
export interface ContactImportPush {
  done: number;
  total: number;
  /** The `import_id` the upload carried, so that a tab follows its own import only. */
  import_id?: string;
}

/** A scheduled share or release ran (or could not): its owner's open pages toast it and refresh their Scheduled list. */
export interface ScheduleRanPush {
  schedule_id: string;
  kind: 'share' | 'release';
  content_id: string;
  outcome: 'ok' | 'failed';
  /** The owner's notification text (the same words the notifications list shows). */
  message: string;
}

export interface WorkspaceUpdatedPush {
  reason: 'selection' | 'reset' | 'share';
  /** The shared content, for `share`. */
  content_id: string | null;
}

/**
 * Pushes may have been lost (the server's Redis pub/sub connections dropped and came back): the tab refetches
 * everything a push can change, as after its own reconnect (docs/security.md "Pushes across a Redis restart").
 */
export interface ResyncPush {
  reason: 'redis-reconnected';
}

/** The owner's content left every list: deleted by the owner (another tab) or removed by an admin. */
export interface ContentRemovedPush {
  content_id: string;
  by: 'owner' | 'admin';
}

/**
 * Content entered the match pools (submitted live, released, resumed, approved): other creators whose
 * matches could show it fetch them again. Its categories let a tab skip what cannot concern it.
 */
export interface MatchesChangedPush {
  content_id: string;
  /** Lowercase, as the pools keep them. */
  categories: string[];
  /** The owner: their own tabs have nothing to fetch. */
  user_id: string;
}

/** Every event the server pushes, by name (DESIGN §3 Realtime). */
export interface ServerToClientEvents {
  /** To `user:{recipient}`. */
  notification: (notification: NotificationDto) => void;
  /** To `user:{owner}`. */
  'content:progress': (progress: ContentProgressPush) => void;
  /** To `user:{owner}`: the content DTO after a release, pause, resume or moderation change. */
  'content:updated': (content: ContentDto) => void;
  /** To `user:{owner}`: the content is gone (deleted in another tab, or removed by an admin). */
  'content:removed': (removed: ContentRemovedPush) => void;
  /** To `creators` (every signed-in socket): new content in the match pools. */
  'matches:changed': (change: MatchesChangedPush) => void;
  /** To `admins`. */
  'flag:created': (flag: FlagDto) => void;
  /** To `admins`. */
  'flag:updated': (update: FlagUpdatedPush) => void;
  /** To `user:{id}`. */
  'user:updated': (user: UserDto) => void;
  /** To `public` (and every socket of the read-only `/public` namespace). */
  'waitlist:count': (count: WaitlistCountPush) => void;
  /** To `admins`. */
  'replay:progress': (progress: ReplayProgressPush) => void;
  /** To `waitlist:{referralCode}` on the `/public` namespace: the sockets holding that entry's token. */
  'waitlist:rank': (rank: WaitlistRankPush) => void;
  /** To `user:{owner}`: a schedule of theirs ran or failed. */
  'schedule:ran': (outcome: ScheduleRanPush) => void;
  /** To `user:{id}`: the workspace of that user changed. */
  'workspace:updated': (update: WorkspaceUpdatedPush) => void;
  /** To `user:{id}`: rows of a contact import written so far (docs/features/contact-import.md). */
  'contacts:import': (progress: ContactImportPush) => void;
  /** To every socket of an API node (all nodes when a node's own publishes failed): refetch, pushes were lost. */
  resync: (resync: ResyncPush) => void;
}

export type ServerToClientEvent = keyof ServerToClientEvents;
export type ServerToClientPayload<E extends ServerToClientEvent> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Clients send nothing: rooms are decided by the server from the token, and there is no `join` handler,
 * so a client cannot enter another user's room or `admins`.
 */
export type ClientToServerEvents = Record<string, never>;

/**
 * The unauthenticated, read-only namespace (the public waitlist page): it receives `waitlist:count`, and
 * `waitlist:rank` for the one entry whose secret token the handshake carries.
 */
export const PUBLIC_NAMESPACE = '/public';
export type PublicServerToClientEvents = Pick<ServerToClientEvents, 'waitlist:count' | 'waitlist:rank'>;

/**
 * The handshake `auth` of a waitlist visitor on the `/public` namespace: the entry's secret token (answered
 * at waitlist sign-up, or by the confirmation link) joins the room of that one entry, and nothing else.
 */
export interface PublicHandshakeAuth {
  waitlistToken?: string;
}
