/**
 * Commands on `content-{contentId}` for links and measured facts. The owner comes from the `contents` read
 * model and the tier from `users`; the route passes both (deciders never read).
 */
export interface CreateShortLink {
  type: 'CreateShortLink';
  data: {
    contentId: string;
    ownerId: string;
    shortCode: string;
    requesterId: string;
    isPremium: boolean;
    now: string;
    /**
     * A link the system creates for sharing (the share e-mail worker, `requesterId` = the sharer): it needs
     * neither ownership nor Premium, since the sharer is not the owner and Premium buys links for oneself.
     */
    purpose?: 'share';
  };
}

/** Creates the short link too when `shortCode` is not one of the content's links yet. */
export interface EnhanceContent {
  type: 'EnhanceContent';
  data: {
    contentId: string;
    ownerId: string;
    requesterId: string;
    isPremium: boolean;
    shortCode: string;
    enhancedUrl: string;
    now: string;
  };
}

/**
 * A click is a fact: never rejected; bots are marked, not dropped. The decider says whether it counts
 * (a visitor's first click of the day, within the bounds); the route passes the visitor's pseudonyms.
 */
export interface RecordClick {
  type: 'RecordClick';
  data: {
    contentId: string;
    ownerId: string;
    shortCode: string;
    contactId: string | null;
    /** Whose contact clicked: the creator who sent them the link (absent when unknown). */
    sharerId?: string | null;
    human: boolean;
    botReason: string | null;
    /** `c:{contactId}`, or an HMAC of address, user agent and day; null when neither is known. */
    visitor: string | null;
    /** An HMAC of the address and day (anonymous visitors), or null. */
    address: string | null;
    now: string;
  };
}

export interface RecordConversion {
  type: 'RecordConversion';
  data: {
    conversionId: string;
    contentId: string;
    ownerId: string;
    requesterId: string;
    contactId: string | null;
    /** Whose contact converted (absent when unknown). */
    sharerId?: string | null;
    shortCode: string | null;
    kind: string;
    value: number;
    now: string;
  };
}

/** The owner invalidates the conversion tracking token in use (their site needs the new snippet). */
export interface RotateConversionTracking {
  type: 'RotateConversionTracking';
  data: { contentId: string; ownerId: string; requesterId: string; now: string };
}

/**
 * A conversion reported by the creator's own site with the content's tracking token (POST /track/conversion).
 * The route checked the token against `trackingVersion` (constant time); the decider checks that version is
 * still the current one, so a token rotated meanwhile records nothing.
 */
export interface RecordTrackedConversion {
  type: 'RecordTrackedConversion';
  data: {
    conversionId: string;
    contentId: string;
    ownerId: string;
    trackingVersion: number;
    contactId: string | null;
    sharerId?: string | null;
    /** The campaign (`utm_campaign`) the visitor came with; not one of this content's links → unattributed. */
    shortCode: string | null;
    /**
     * The visit (`{visitor}@{day}`) named by the click token the visitor arrived with, its signature already
     * checked by the route; null without one. The decider verifies the conversion only for a counted visit
     * within the window, once per visit.
     */
    visit: string | null;
    kind: string;
    value: number;
    now: string;
  };
}

export type ContentLinksCommand =
  | CreateShortLink
  | EnhanceContent
  | RecordClick
  | RecordConversion
  | RotateConversionTracking
  | RecordTrackedConversion;
