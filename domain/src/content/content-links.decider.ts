import type { Decider } from '../shared/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { isHttpUrl } from '../rules/validation.ts';
import { unsafeUrlReason } from '../rules/safe-url.ts';
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

/** The conversion as recorded, by the owner (`POST /conversions`) or by their site's tracking token. */
function conversionRecorded(
  data: { conversionId: string; contentId: string; ownerId: string; contactId: string | null; sharerId?: string | null | undefined; shortCode: string | null; kind: string; value: number; now: string },
  recordedBy: string,
): ConversionRecorded {
  const { conversionId, contentId, ownerId, contactId, sharerId, shortCode, kind, value, now } = data;
  return {
    type: 'ConversionRecorded',
    data: { conversionId, contentId, ownerId, contactId, ...(contactId && sharerId ? { sharerId } : {}), shortCode, kind, value, recordedBy, recordedAt: now },
  };
}

export const contentLinksDecider: Decider<ContentLinksState, ContentLinksCommand, ContentEvent> = {
  initialState: () => ({ shortCodes: [], enhancedUrl: null, removed: false, trackingVersion: 0 }),

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
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateShortLink': {
        if (command.data.purpose === 'share') {
          if (state.removed) throw new NotFoundError(CONTENT_LINK_MESSAGES.notFound);
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
        const { contentId, ownerId, shortCode, contactId, human, botReason, now } = command.data;
        const sharerId = contactId ? (command.data.sharerId ?? null) : null;
        return [
          {
            type: 'LinkClicked',
            data: { contentId, ownerId, shortCode, contactId, ...(sharerId ? { sharerId } : {}), human, botReason: human ? null : botReason, clickedAt: now },
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
        return [conversionRecorded({ conversionId, contentId, ownerId, contactId, sharerId: command.data.sharerId, shortCode, kind, value, now }, TRACKED_CONVERSION_RECORDER)];
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
