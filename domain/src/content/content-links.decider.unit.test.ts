import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { ContentRemovedByAdmin, ConversionTrackingRotated, ShortLinkCreated } from './content.events.ts';
import type { RecordTrackedConversion } from './content-links.commands.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import {
  buildEnhancedUrl,
  contentLinksDecider,
  isShortCode,
  MAX_SHORT_LINKS_PER_CONTENT,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  TRACKED_CONVERSION_RECORDER,
} from './content-links.decider.ts';

const now = '2026-11-21T10:00:00.000Z';
const spec = deciderSpec(contentLinksDecider);
const link = (shortCode: string): ShortLinkCreated => ({
  type: 'ShortLinkCreated',
  data: { contentId: 'k1', ownerId: 'u1', shortCode, createdBy: 'u1', createdAt: now },
});
const removedByAdmin: ContentRemovedByAdmin = {
  type: 'ContentRemovedByAdmin',
  data: { contentId: 'k1', ownerId: 'u1', contentTitle: 'T', removedBy: 'admin', removedAt: now },
};
const create = (overrides: Partial<{ requesterId: string; isPremium: boolean; shortCode: string; purpose: 'share' }> = {}) => ({
  type: 'CreateShortLink' as const,
  data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', requesterId: 'u1', isPremium: true, now, ...overrides },
});
const enhance = (overrides: Partial<{ requesterId: string; isPremium: boolean; shortCode: string; enhancedUrl: string }> = {}) => ({
  type: 'EnhanceContent' as const,
  data: {
    contentId: 'k1',
    ownerId: 'u1',
    requesterId: 'u1',
    isPremium: true,
    shortCode: 'abc2345',
    enhancedUrl: 'https://example.com/post?utm_campaign=abc2345',
    now,
    ...overrides,
  },
});

describe('content links decider: short links', () => {
  test('creates a short link for the Premium owner', () => {
    spec.given([]).when(create()).then([link('abc2345')]);
  });

  test('refuses a Free owner with the Premium message', () => {
    spec.given([]).when(create({ isPremium: false })).thenThrows(ForbiddenError, /^Short links are a Premium feature\.$/);
  });

  test('a link for sharing (purpose share) is created for a Free sharer who is not the owner', () => {
    spec
      .given([])
      .when(create({ purpose: 'share', requesterId: 'u2', isPremium: false }))
      .then([{ ...link('abc2345'), data: { ...link('abc2345').data, createdBy: 'u2' } }]);
  });

  test('a link for sharing still needs live content and a fresh code', () => {
    spec.given([removedByAdmin]).when(create({ purpose: 'share', requesterId: 'u2', isPremium: false })).thenThrows(NotFoundError);
    spec.given([link('abc2345')]).when(create({ purpose: 'share', requesterId: 'u2' })).thenThrows(ConflictError);
  });

  test('answers not found to anyone but the owner, and for content removed by an admin', () => {
    spec.given([]).when(create({ requesterId: 'u2' })).thenThrows(NotFoundError, /Content not found/);
    spec.given([removedByAdmin]).when(create()).thenThrows(NotFoundError);
  });

  test('refuses a malformed code, a code already used and more links than allowed', () => {
    spec.given([]).when(create({ shortCode: 'ABC1234' })).thenThrows(ValidationError);
    spec.given([link('abc2345')]).when(create()).thenThrows(ConflictError);
    const many = Array.from({ length: MAX_SHORT_LINKS_PER_CONTENT }, (_, i) => link(SHORT_CODE_ALPHABET.slice(i, i + SHORT_CODE_LENGTH)));
    spec.given(many).when(create({ shortCode: 'zzzzzzz' })).thenThrows(ConflictError, /already has/);
  });

  test('short codes are 7 characters of the unambiguous alphabet', () => {
    assert.ok(isShortCode('abc2345'));
    assert.ok(!isShortCode('abc234'));
    assert.ok(!isShortCode('abc234l'));
    assert.ok(!isShortCode('abc2340'));
  });
});

describe('content links decider: enhance', () => {
  test('creates the short link when new and records the enhanced url', () => {
    spec
      .given([])
      .when(enhance())
      .then([
        link('abc2345'),
        {
          type: 'ContentEnhanced',
          data: { contentId: 'k1', ownerId: 'u1', enhancedUrl: 'https://example.com/post?utm_campaign=abc2345', shortCode: 'abc2345', enhancedBy: 'u1', enhancedAt: now },
        },
      ]);
  });

  test('reuses an existing short link and changes nothing when enhanced twice alike', () => {
    const enhanced = {
      type: 'ContentEnhanced' as const,
      data: { contentId: 'k1', ownerId: 'u1', enhancedUrl: 'https://example.com/post?utm_campaign=abc2345', shortCode: 'abc2345', enhancedBy: 'u1', enhancedAt: now },
    };
    spec.given([link('abc2345')]).when(enhance()).then([enhanced]);
    spec.given([link('abc2345'), enhanced]).when(enhance()).then([]);
  });

  test('is for the Premium owner only and needs an http(s) url', () => {
    spec.given([]).when(enhance({ isPremium: false })).thenThrows(ForbiddenError, /^Enhance link is a Premium feature\.$/);
    spec.given([]).when(enhance({ requesterId: 'u2' })).thenThrows(NotFoundError);
    spec.given([]).when(enhance({ enhancedUrl: 'javascript:alert(1)' })).thenThrows(ValidationError);
  });

  test('builds the enhanced url with the campaign parameters, keeping the existing query', () => {
    assert.equal(
      buildEnhancedUrl('https://example.com/a?b=1&utm_source=x#top', 'abc2345'),
      'https://example.com/a?b=1&utm_source=crossfeed&utm_medium=share&utm_campaign=abc2345#top',
    );
  });
});

describe('content links decider: clicks and conversions', () => {
  test('records every click, keeping the bot reason only for non-human clicks', () => {
    const click = (human: boolean, botReason: string | null) => ({
      type: 'RecordClick' as const,
      data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human, botReason, now },
    });
    spec.given([removedByAdmin]).when(click(false, 'HEAD request')).then([
      { type: 'LinkClicked', data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human: false, botReason: 'HEAD request', clickedAt: now } },
    ]);
    spec.given([]).when(click(true, 'ignored')).then([
      { type: 'LinkClicked', data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human: true, botReason: null, clickedAt: now } },
    ]);
  });

  const conversion = (overrides: Partial<{ requesterId: string; shortCode: string | null; kind: string; value: number }> = {}) => ({
    type: 'RecordConversion' as const,
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', requesterId: 'u1', contactId: null, shortCode: null, kind: ' signup ', value: 9.5, now, ...overrides },
  });

  test('records a conversion by the owner', () => {
    spec.given([link('abc2345')]).when(conversion({ shortCode: 'abc2345' })).then([
      {
        type: 'ConversionRecorded',
        data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', contactId: null, shortCode: 'abc2345', kind: 'signup', value: 9.5, recordedBy: 'u1', recordedAt: now },
      },
    ]);
  });

  test('refuses conversions by others, of unknown short codes, negative values and empty kinds', () => {
    spec.given([]).when(conversion({ requesterId: 'u2' })).thenThrows(NotFoundError);
    spec.given([]).when(conversion({ shortCode: 'abc2345' })).thenThrows(ValidationError, /short_code/);
    spec.given([]).when(conversion({ value: -1 })).thenThrows(ValidationError, /value/);
    spec.given([]).when(conversion({ kind: '  ' })).thenThrows(ValidationError, /kind/);
  });
});

describe('content links decider: long streams', () => {
  test('folding 100,000 events stays linear: the short codes are kept in place', () => {
    const state = foldInPlace(contentLinksDecider, LONG_STREAM, (i) => link(`code${i}`), (s) => [s.shortCodes]);
    assert.equal(state.shortCodes.length, LONG_STREAM);
  });
});

describe('content links decider: conversion tracking from the creator\'s site', () => {
  const rotated = (version: number): ConversionTrackingRotated => ({
    type: 'ConversionTrackingRotated',
    data: { contentId: 'k1', ownerId: 'u1', version, rotatedBy: 'u1', rotatedAt: now },
  });
  const tracked = (overrides: Partial<RecordTrackedConversion['data']> = {}): RecordTrackedConversion => ({
    type: 'RecordTrackedConversion',
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', trackingVersion: 0, contactId: null, shortCode: null, kind: 'signup', value: 5, now, ...overrides },
  });
  const recorded = (overrides: Record<string, unknown> = {}) => ({
    type: 'ConversionRecorded',
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', contactId: null, shortCode: null, kind: 'signup', value: 5, recordedBy: TRACKED_CONVERSION_RECORDER, recordedAt: now, ...overrides },
  });

  test('records a conversion with the current token version, attributed to a link of this content', () => {
    spec.given([link('abc2345')]).when(tracked({ shortCode: 'abc2345', contactId: 'c1', sharerId: 'u1' })).then([
      recorded({ shortCode: 'abc2345', contactId: 'c1', sharerId: 'u1' }) as never,
    ]);
  });

  test('a campaign that is not a link of this content is recorded unattributed', () => {
    spec.given([link('abc2345')]).when(tracked({ shortCode: 'zzz9999' })).then([recorded() as never]);
  });

  test('a rotated token records nothing', () => {
    spec.given([rotated(1)]).when(tracked({ trackingVersion: 0 })).thenThrows(ForbiddenError, /Invalid or rotated tracking token/);
    spec.given([rotated(1)]).when(tracked({ trackingVersion: 1 })).then([recorded() as never]);
  });

  test('content removed by an admin records nothing; kind and value are checked', () => {
    spec.given([removedByAdmin]).when(tracked()).thenThrows(NotFoundError);
    spec.given([]).when(tracked({ kind: '  ' })).thenThrows(ValidationError, /kind/);
    spec.given([]).when(tracked({ value: -1 })).thenThrows(ValidationError, /value/);
  });

  test('only the owner rotates; each rotation moves to the next version', () => {
    const rotate = (requesterId: string) => ({ type: 'RotateConversionTracking' as const, data: { contentId: 'k1', ownerId: 'u1', requesterId, now } });
    spec.given([]).when(rotate('u1')).then([rotated(1)]);
    spec.given([rotated(1), rotated(2)]).when(rotate('u1')).then([rotated(3)]);
    spec.given([]).when(rotate('u2')).thenThrows(NotFoundError);
  });
});
