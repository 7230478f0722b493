import type { DomainEvent } from '../shared/decider.ts';
import type { ModerationStatus } from '../rules/content-types.ts';
import { z } from 'zod';
import type { EventSchemas } from '../shared/event-schemas.ts';
import { MODERATION_STATUSES } from '../rules/content-types.ts';

/**
 * Events of `content-{contentId}`: moderation, links and the measured facts about one piece of content.
 * (Submission, edits and deletion by the owner are on the owner's `user-` stream.)
 */
export type ContentStatusChanged = DomainEvent<
  'ContentStatusChanged',
  {
    contentId: string;
    ownerId: string;
    contentTitle: string;
    status: ModerationStatus;
    previousStatus: string | null;
    changedBy: string;
    changedAt: string;
    /**
     * Why, as the owner is told: set when the status is `deleted` (the admin's reason, else the open flags'
     * reasons) or when the admin gave one. Absent in events recorded before reasons were kept.
     */
    reason?: string | null;
  }
>;
/** Admin deletion: the content disappears and its flags with it. */
export type ContentRemovedByAdmin = DomainEvent<
  'ContentRemovedByAdmin',
  {
    contentId: string;
    ownerId: string;
    contentTitle: string;
    removedBy: string;
    removedAt: string;
    /** Why, as the owner is told (the admin's reason, else the open flags' reasons); absent in older events. */
    reason?: string | null;
  }
>;
export type ShortLinkCreated = DomainEvent<
  'ShortLinkCreated',
  { contentId: string; ownerId: string; shortCode: string; createdBy: string; createdAt: string }
>;
export type ContentEnhanced = DomainEvent<
  'ContentEnhanced',
  { contentId: string; ownerId: string; enhancedUrl: string; shortCode: string; enhancedBy: string; enhancedAt: string }
>;
/**
 * A click is a fact, never rejected. Bots are kept, but marked. A click names its visitor and says whether it
 * was counted (docs/scores.md, "Counted clicks"); events recorded before that have neither field.
 */
export type LinkClicked = DomainEvent<
  'LinkClicked',
  {
    contentId: string;
    ownerId: string;
    shortCode: string;
    contactId: string | null;
    /**
     * The creator whose contact `contactId` is (who sent them the link): the content's owner or a sharer.
     * Absent in events recorded before it was kept, and when no contact is known.
     */
    sharerId?: string | null;
    human: boolean;
    botReason: string | null;
    clickedAt: string;
    /**
     * Who clicked, pseudonymously: `c:{contactId}` for a contact's own link, else an HMAC of the address,
     * the user agent and the UTC day (never the address itself; not linkable from one day to the next).
     */
    visitor?: string;
    /** An HMAC of the address and the UTC day (anonymous visitors only): a few visitors per address count. */
    address?: string;
    /** The visitor's first counted click on this content this UTC day (within the per-content daily bound). */
    unique?: boolean;
  }
>;
export type ConversionRecorded = DomainEvent<
  'ConversionRecorded',
  {
    conversionId: string;
    contentId: string;
    ownerId: string;
    contactId: string | null;
    /** The creator whose contact converted (absent in older events and when no contact is known). */
    sharerId?: string | null;
    shortCode: string | null;
    kind: string;
    value: number;
    recordedBy: string;
    recordedAt: string;
    /**
     * Tied to a counted human click of this content within the conversion window (one per visit): only
     * these feed public scores and rankings. Self-reported conversions (`POST /conversions`) never are.
     */
    verified?: boolean;
    /** The counted visit (`{visitor}@{day}`) a verified conversion is tied to. */
    visit?: string;
  }
>;
/**
 * The owner rotated the content's conversion tracking token: tokens are derived from the server secret and
 * this version (nothing secret is stored), so every earlier token stops working.
 */
export type ConversionTrackingRotated = DomainEvent<
  'ConversionTrackingRotated',
  { contentId: string; ownerId: string; version: number; rotatedBy: string; rotatedAt: string }
>;
export type ContentEvent =
  | ConversionTrackingRotated
  | ContentStatusChanged
  | ContentRemovedByAdmin
  | ShortLinkCreated
  | ContentEnhanced
  | LinkClicked
  | ConversionRecorded;

/** What each event's data must be, checked at append (domain/src/event-schemas.ts). */
export const contentEventSchemas = {
  ContentStatusChanged: z.object({
    contentId: z.string(),
    ownerId: z.string(),
    contentTitle: z.string(),
    status: z.enum(MODERATION_STATUSES),
    previousStatus: z.string().nullable(),
    changedBy: z.string(),
    changedAt: z.string(),
    reason: z.string().nullable().optional(),
  }),
  ContentRemovedByAdmin: z.object({
    contentId: z.string(),
    ownerId: z.string(),
    contentTitle: z.string(),
    removedBy: z.string(),
    removedAt: z.string(),
    reason: z.string().nullable().optional(),
  }),
  ShortLinkCreated: z.object({ contentId: z.string(), ownerId: z.string(), shortCode: z.string(), createdBy: z.string(), createdAt: z.string() }),
  ContentEnhanced: z.object({
    contentId: z.string(),
    ownerId: z.string(),
    enhancedUrl: z.string(),
    shortCode: z.string(),
    enhancedBy: z.string(),
    enhancedAt: z.string(),
  }),
  LinkClicked: z.object({
    contentId: z.string(),
    ownerId: z.string(),
    shortCode: z.string(),
    contactId: z.string().nullable(),
    sharerId: z.string().nullable().optional(),
    human: z.boolean(),
    botReason: z.string().nullable(),
    clickedAt: z.string(),
    visitor: z.string().optional(),
    address: z.string().optional(),
    unique: z.boolean().optional(),
  }),
  ConversionRecorded: z.object({
    conversionId: z.string(),
    contentId: z.string(),
    ownerId: z.string(),
    contactId: z.string().nullable(),
    sharerId: z.string().nullable().optional(),
    shortCode: z.string().nullable(),
    kind: z.string(),
    value: z.number(),
    recordedBy: z.string(),
    recordedAt: z.string(),
    verified: z.boolean().optional(),
    visit: z.string().optional(),
  }),
  ConversionTrackingRotated: z.object({ contentId: z.string(), ownerId: z.string(), version: z.number(), rotatedBy: z.string(), rotatedAt: z.string() }),
} satisfies EventSchemas<ContentEvent>;
