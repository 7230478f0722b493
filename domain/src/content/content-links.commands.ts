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

/** A click is a fact: never rejected (appended with expected revision `any`); bots are marked, not dropped. */
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

export type ContentLinksCommand = CreateShortLink | EnhanceContent | RecordClick | RecordConversion;
