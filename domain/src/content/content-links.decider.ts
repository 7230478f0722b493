import type { Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { isHttpUrl } from '../rules/validation.ts';
import { unsafeUrlReason } from '../rules/safe-url.ts';
import { utcDay } from '../rules/audience-score.ts';
import type { ContentLinksCommand } from './content-links.commands.ts';
import type { ContentEvent, ConversionRecorded, ShortLinkCreated } from './content.events.ts';

/** Short codes: 7 characters without look-alikes (0/o, 1/l/i) and lowercase only, so they survive retyping. */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const SHORT_CODE_LENGTH = 7;
export const SHORT_CODE_PATTERN = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);
export const isShortCode = (value: string): boolean => SHORT_CODE_PATTERN.test(value);
/** Links per content: enough for a campaign per channel, bounded so a stream cannot grow without end. */
export const MAX_SHORT_LINKS_PER_CONTENT = 20;
export const CONVERSION_KIND_MAX = 50;
export const DEFAULT_CONVERSION_KIND = 'conversion';

export const CONTENT_LINK_MESSAGES = {
  notFound: 'Content not found.',
  shortLinksPremium: 'Short links are a Premium feature.',
  enhancePremium: 'Enhance link is a Premium feature.',
  tooManyLinks: `This content already has ${MAX_SHORT_LINKS_PER_CONTENT} short links.`,
  unknownShortCode: 'short_code: not a short link of this content.',
  invalidTrackingToken: 'Invalid or rotated tracking token.',
} as const;

/**
 * Counted clicks (docs/scores.md): a visitor counts once per content and UTC day. An anonymous visitor is
 * an address with a user agent; at most VISITORS_PER_ADDRESS_PER_DAY of them per address count (a household,
 * not a script rotating user agents), and at most UNIQUE_VISITORS_PER_CONTENT_PER_DAY anonymous visitors a
 * day count per content. A contact Crossfeed e-mailed the content to (`c:{contactId}`, their own `?c=` link)
 * is one visitor, bounded by the people reached; an owner's hand-tracked contact (`o:{contactId}`) is bounded
 * like anonymous visitors, since nobody but the owner vouches for it.
 */
export const VISITORS_PER_ADDRESS_PER_DAY = 3;
export const UNIQUE_VISITORS_PER_CONTENT_PER_DAY = 100;
/** A conversion is verified when it comes within this many days of a counted click of the content. */
export const CONVERSION_WINDOW_DAYS = 7;

/** A visitor who is a contact Crossfeed delivered the content to. */
export const isDeliveredVisitor = (visitor: string): boolean => visitor.startsWith('c:');

/** The visit a click belongs to: one visitor on one UTC day. */
export const visitOf = (visitor: string, day: string): string => `${visitor}@${day}`;
const dayOfVisit = (visit: string): string => visit.slice(visit.lastIndexOf('@') + 1);
/** Whole days from `from` to `to` (YYYY-MM-DD). */
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Who recorded a conversion reported by the creator's site with the tracking token. */
export const TRACKED_CONVERSION_RECORDER = 'tracking';

/** The content url with the campaign parameters of an enhanced link (existing query parameters kept). */
export function buildEnhancedUrl(url: string, shortCode: string): string {
  const enhanced = new URL(url);
  enhanced.searchParams.set('utm_source', 'crossfeed');
  enhanced.searchParams.set('utm_medium', 'share');
  enhanced.searchParams.set('utm_campaign', shortCode);
  return enhanced.toString();
}

/** What the links side of `content-{id}` knows: its short codes, the enhanced url, admin removal. */
export interface ContentLinksState {
  shortCodes: string[];
  enhancedUrl: string | null;
  removed: boolean;
  /** The conversion tracking token's version: 0 until the owner first rotates it. */
  trackingVersion: number;
  /** Today's counted visitors (bounded: at most the daily bound of anonymous ones, plus contacts who clicked). */
  clickDay: ClickDay;
  /** Counted visits of the last CONVERSION_WINDOW_DAYS days → their day; pruned as days pass. */
  countedVisits: Map<string, string>;
  /** Counted visits a verified conversion was already tied to (one each). */
  convertedVisits: Set<string>;
}

interface ClickDay {
  day: string;
  visitors: Set<string>;
  /** Counted anonymous visitors per address pseudonym. */
  addresses: Map<string, number>;
  anonymous: number;
}

const emptyClickDay = (day: string): ClickDay => ({ day, visitors: new Set(), addresses: new Map(), anonymous: 0 });

/** Whether a person's click counts: the visitor's first of the day, within the address and daily bounds. */
function countsAsUnique(today: ClickDay, data: { visitor: string; address: string | null }): boolean {
  if (today.visitors.has(data.visitor)) return false;
  if (isDeliveredVisitor(data.visitor)) return true;
  if (today.anonymous >= UNIQUE_VISITORS_PER_CONTENT_PER_DAY) return false;
  return data.address === null || (today.addresses.get(data.address) ?? 0) < VISITORS_PER_ADDRESS_PER_DAY;
}

/** Folds a counted click into the state (in place: O(1), plus pruning once a day). */
function countClick(state: ContentLinksState, data: { visitor: string; address?: string | undefined; clickedAt: string }): void {
  const day = utcDay(data.clickedAt);
  if (state.clickDay.day !== day) {
    state.clickDay = emptyClickDay(day);
    for (const [visit, visitDay] of state.countedVisits) {
      if (daysBetween(visitDay, day) > CONVERSION_WINDOW_DAYS) {
        state.countedVisits.delete(visit);
        state.convertedVisits.delete(visit);
      }
    }
  }
  const today = state.clickDay;
  today.visitors.add(data.visitor);
  if (!isDeliveredVisitor(data.visitor)) {
    today.anonymous += 1;
    if (data.address) today.addresses.set(data.address, (today.addresses.get(data.address) ?? 0) + 1);
  }
  state.countedVisits.set(visitOf(data.visitor, day), day);
}

function checkOwnerAndTier(data: { ownerId: string; requesterId: string; isPremium: boolean }, state: ContentLinksState, premiumMessage: string): void {
  if (state.removed || data.ownerId !== data.requesterId) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
  if (!data.isPremium) throw new ForbiddenError(premiumMessage);
}

function shortLinkCreated(
  data: { contentId: string; ownerId: string; shortCode: string; requesterId: string; now: string },
  state: ContentLinksState,
): ShortLinkCreated {
  if (!isShortCode(data.shortCode)) throw new ValidationError('Invalid short code.');
  if (state.shortCodes.includes(data.shortCode)) throw new ConflictError('This short code is already in use.');
  if (state.shortCodes.length >= MAX_SHORT_LINKS_PER_CONTENT) throw new ConflictError(CONTENT_LINK_MESSAGES.tooManyLinks);
  return {
    type: 'ShortLinkCreated',
    data: { contentId: data.contentId, ownerId: data.ownerId, shortCode: data.shortCode, createdBy: data.requesterId, createdAt: data.now },
  };
}

/** The kind (trimmed, 1 to CONVERSION_KIND_MAX characters) of a conversion whose value is a number of 0 or more. */
function checkedConversion(rawKind: string, value: number): string {
  const kind = rawKind.trim();
  if (!kind || kind.length > CONVERSION_KIND_MAX) throw new ValidationError(`kind: must be 1 to ${CONVERSION_KIND_MAX} characters.`);
  if (!Number.isFinite(value) || value < 0) throw new ValidationError('value: must be a number of 0 or more.');
  return kind;
}

/**
 * The conversion as recorded, by the owner (`POST /conversions`, never verified) or by their site's tracking
 * token (verified when tied to a counted visit: `visit`).
 */
function conversionRecorded(
  data: { conversionId: string; contentId: string; ownerId: string; contactId: string | null; sharerId?: string | null | undefined; shortCode: string | null; kind: string; value: number; now: string },
  recordedBy: string,
  visit: string | null = null,
): ConversionRecorded {
  const { conversionId, contentId, ownerId, contactId, sharerId, shortCode, kind, value, now } = data;
  return {
    type: 'ConversionRecorded',
    data: {
      conversionId, contentId, ownerId, contactId, ...(contactId && sharerId ? { sharerId } : {}), shortCode, kind, value, recordedBy, recordedAt: now,
      verified: visit !== null,
      ...(visit !== null ? { visit } : {}),
    },
  };
}

/** The visit a tracked conversion is verified by: counted, within the window, not converted before. */
function verifiedVisit(state: ContentLinksState, visit: string | null, now: string): string | null {
  if (visit === null || !state.countedVisits.has(visit) || state.convertedVisits.has(visit)) return null;
  const age = daysBetween(dayOfVisit(visit), utcDay(now));
  return age >= 0 && age <= CONVERSION_WINDOW_DAYS ? visit : null;
}

export const contentLinksDecider: Decider<ContentLinksState, ContentLinksCommand, ContentEvent> = {
  initialState: () => ({
    shortCodes: [],
    enhancedUrl: null,
    removed: false,
    trackingVersion: 0,
    clickDay: emptyClickDay(''),
    countedVisits: new Map(),
    convertedVisits: new Set(),
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'ShortLinkCreated':
        state.shortCodes.push(event.data.shortCode); // at most MAX_SHORT_LINKS_PER_CONTENT
        return state;
      case 'ContentEnhanced':
        return { ...state, enhancedUrl: event.data.enhancedUrl };
      case 'ContentRemovedByAdmin':
        return { ...state, removed: true };
      case 'ConversionTrackingRotated':
        state.trackingVersion = Math.max(state.trackingVersion, event.data.version);
        return state;
      case 'LinkClicked':
        if (event.data.unique === true && event.data.visitor) countClick(state, { ...event.data, visitor: event.data.visitor });
        return state;
      case 'ConversionRecorded':
        if (event.data.verified === true && event.data.visit) state.convertedVisits.add(event.data.visit);
        return state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateShortLink': {
        if (command.data.purpose === 'share') {
          if (state.removed) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
          // Shares use the content's first link: made once, a concurrent job's link serves this one too.
          if (state.shortCodes.length > 0) return [];
        } else {
          checkOwnerAndTier(command.data, state, CONTENT_LINK_MESSAGES.shortLinksPremium);
        }
        return [shortLinkCreated(command.data, state)];
      }
      case 'EnhanceContent': {
        const { contentId, ownerId, requesterId, shortCode, enhancedUrl, now } = command.data;
        checkOwnerAndTier(command.data, state, CONTENT_LINK_MESSAGES.enhancePremium);
        if (!isHttpUrl(enhancedUrl)) throw new ValidationError('The enhanced url must be an http(s) url.');
        const unsafe = unsafeUrlReason(enhancedUrl);
        if (unsafe) throw new ValidationError(unsafe);
        const events: ContentEvent[] = [];
        if (!state.shortCodes.includes(shortCode)) events.push(shortLinkCreated(command.data, state));
        // Enhancing twice with the same result changes nothing.
        if (events.length === 0 && state.enhancedUrl === enhancedUrl) return [];
        events.push({
          type: 'ContentEnhanced',
          data: { contentId, ownerId, enhancedUrl, shortCode, enhancedBy: requesterId, enhancedAt: now },
        });
        return events;
      }
      case 'RecordClick': {
        const { contentId, ownerId, shortCode, contactId, human, botReason, visitor, address, now } = command.data;
        const sharerId = contactId ? (command.data.sharerId ?? null) : null;
        const day = utcDay(now);
        const today = state.clickDay.day === day ? state.clickDay : emptyClickDay(day);
        // Bots never count; a person counts once a day, within the bounds.
        const unique = human && visitor !== null && countsAsUnique(today, { visitor, address });
        return [
          {
            type: 'LinkClicked',
            data: {
              contentId, ownerId, shortCode, contactId, ...(sharerId ? { sharerId } : {}), human, botReason: human ? null : botReason, clickedAt: now,
              ...(visitor !== null ? { visitor } : {}),
              ...(address !== null ? { address } : {}),
              unique,
            },
          },
        ];
      }
      case 'RotateConversionTracking': {
        const { contentId, ownerId, requesterId, now } = command.data;
        if (state.removed || ownerId !== requesterId) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
        return [{ type: 'ConversionTrackingRotated', data: { contentId, ownerId, version: state.trackingVersion + 1, rotatedBy: requesterId, rotatedAt: now } }];
      }
      case 'RecordTrackedConversion': {
        const { conversionId, contentId, ownerId, trackingVersion, contactId, value, now } = command.data;
        if (state.removed) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
        if (trackingVersion !== state.trackingVersion) throw new ForbiddenError(CONTENT_LINK_MESSAGES.invalidTrackingToken);
        const kind = checkedConversion(command.data.kind, value);
        // A visitor may arrive with any campaign: one that is not this content's link is simply not attributed.
        const shortCode = command.data.shortCode !== null && state.shortCodes.includes(command.data.shortCode) ? command.data.shortCode : null;
        const visit = verifiedVisit(state, command.data.visit, now);
        return [conversionRecorded({ conversionId, contentId, ownerId, contactId, sharerId: command.data.sharerId, shortCode, kind, value, now }, TRACKED_CONVERSION_RECORDER, visit)];
      }
      case 'RecordConversion': {
        const { conversionId, contentId, ownerId, requesterId, contactId, shortCode, value, now } = command.data;
        if (state.removed || ownerId !== requesterId) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
        const kind = checkedConversion(command.data.kind, value);
        if (shortCode !== null && !state.shortCodes.includes(shortCode)) {
          throw new ValidationError(CONTENT_LINK_MESSAGES.unknownShortCode);
        }
        return [conversionRecorded({ conversionId, contentId, ownerId, contactId, sharerId: command.data.sharerId, shortCode, kind, value, now }, requesterId)];
      }
    }
  },
};
