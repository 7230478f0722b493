import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { ContentRemovedByAdmin, ConversionTrackingRotated, LinkClicked, ShortLinkCreated } from './content.events.ts';
import type { RecordClick, RecordTrackedConversion } from './content-links.commands.ts';
import { LONG_STREAM, foldInPlace } from '../testing/linear-fold.ts';
import {
  buildEnhancedUrl,
  contentLinksDecider,
  isShortCode,
  CONVERSION_WINDOW_DAYS,
  MAX_SHORT_LINKS_PER_CONTENT,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  TRACKED_CONVERSION_RECORDER,
  UNIQUE_VISITORS_PER_CONTENT_PER_DAY,
  VISITORS_PER_ADDRESS_PER_DAY,
  visitOf,
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

  test('a link for sharing needs live content, and is made once (the first link serves every share)', () => {
    spec.given([removedByAdmin]).when(create({ purpose: 'share', requesterId: 'u2', isPremium: false })).thenThrows(NotFoundError);
    spec.given([link('abc2345')]).when(create({ purpose: 'share', requesterId: 'u2', shortCode: 'xyz2345' })).then([]);
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
      data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human, botReason, visitor: 'c:c1', address: null, now },
    });
    spec.given([removedByAdmin]).when(click(false, 'HEAD request')).then([
      {
        type: 'LinkClicked',
        data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human: false, botReason: 'HEAD request', clickedAt: now, visitor: 'c:c1', unique: false },
      },
    ]);
    spec.given([]).when(click(true, 'ignored')).then([
      {
        type: 'LinkClicked',
        data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: 'c1', human: true, botReason: null, clickedAt: now, visitor: 'c:c1', unique: true },
      },
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
        data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', contactId: null, shortCode: 'abc2345', kind: 'signup', value: 9.5, recordedBy: 'u1', recordedAt: now, verified: false },
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

describe('content links decider: counted clicks', () => {
  type ClickInput = Partial<Pick<RecordClick['data'], 'visitor' | 'address' | 'contactId' | 'human' | 'now'>>;
  const clickCommand = (input: ClickInput = {}): RecordClick => ({
    type: 'RecordClick',
    data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: null, human: true, botReason: null, visitor: 'v1', address: 'a1', now, ...input },
  });
  /** The events a series of clicks leaves, each decided on the state the ones before it leave. */
  const clicksOf = (inputs: ClickInput[]): LinkClicked[] => {
    let state = contentLinksDecider.initialState();
    const events: LinkClicked[] = [];
    for (const input of inputs) {
      for (const event of contentLinksDecider.decide(clickCommand(input), state)) {
        state = contentLinksDecider.evolve(state, event);
        events.push(event as LinkClicked);
      }
    }
    return events;
  };
  const uniques = (events: LinkClicked[]): number => events.filter((event) => event.data.unique).length;

  test('a visitor counts once a day, whatever the number of clicks', () => {
    const events = clicksOf(Array.from({ length: 30 }, () => ({})));
    assert.equal(events.length, 30, 'every click is recorded');
    assert.equal(uniques(events), 1);
    assert.equal(uniques(clicksOf([{}, {}, { now: '2026-11-22T09:00:00.000Z' }])), 2, 'the next day counts again');
  });

  test('the pump of the red team: 10 addresses × 30 clicks with one user agent count 10', () => {
    const inputs = Array.from({ length: 10 }, (_, a) => Array.from({ length: 30 }, () => ({ visitor: `v${a}`, address: `a${a}` }))).flat();
    assert.equal(uniques(clicksOf(inputs)), 10);
  });

  test(`user agents rotated from one address count at most ${VISITORS_PER_ADDRESS_PER_DAY}`, () => {
    const inputs = Array.from({ length: 50 }, (_, i) => ({ visitor: `ua${i}`, address: 'a1' }));
    assert.equal(uniques(clicksOf(inputs)), VISITORS_PER_ADDRESS_PER_DAY);
  });

  test(`at most ${UNIQUE_VISITORS_PER_CONTENT_PER_DAY} anonymous visitors count a day; contacts reached still count`, () => {
    const anonymous = Array.from({ length: UNIQUE_VISITORS_PER_CONTENT_PER_DAY + 40 }, (_, i) => ({ visitor: `v${i}`, address: `a${i}` }));
    const contacts = [{ visitor: 'c:c1', contactId: 'c1', address: null }, { visitor: 'c:c2', contactId: 'c2', address: null }, { visitor: 'c:c1', contactId: 'c1', address: null }];
    const events = clicksOf([...anonymous, ...contacts]);
    assert.equal(uniques(events.slice(0, anonymous.length)), UNIQUE_VISITORS_PER_CONTENT_PER_DAY);
    assert.deepEqual(events.slice(anonymous.length).map((event) => event.data.unique), [true, true, false]);
  });

  test('an owner\'s hand-tracked contacts are bounded like anonymous visitors (fake contacts pump nothing)', () => {
    const inputs = Array.from({ length: 20 }, (_, i) => ({ visitor: `o:fake${i}`, contactId: `fake${i}`, address: 'a1' }));
    assert.equal(uniques(clicksOf(inputs)), VISITORS_PER_ADDRESS_PER_DAY);
  });

  test('bots and clicks without a visitor never count', () => {
    assert.equal(uniques(clicksOf([{ human: false }, { visitor: null, address: null }])), 0);
  });

  test('events recorded before visitors were kept leave the count alone', () => {
    const legacy: LinkClicked = {
      type: 'LinkClicked',
      data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: null, human: true, botReason: null, clickedAt: now },
    };
    const [event] = contentLinksDecider.decide(clickCommand(), contentLinksDecider.evolve(contentLinksDecider.initialState(), legacy));
    assert.equal((event as LinkClicked).data.unique, true);
  });
});

describe('content links decider: verified conversions', () => {
  const counted = (visitor: string, clickedAt = now): LinkClicked => ({
    type: 'LinkClicked',
    data: { contentId: 'k1', ownerId: 'u1', shortCode: 'abc2345', contactId: null, human: true, botReason: null, clickedAt, visitor, address: 'a1', unique: true },
  });
  const tracked = (visit: string | null, at = now): RecordTrackedConversion => ({
    type: 'RecordTrackedConversion',
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', trackingVersion: 0, contactId: null, shortCode: null, visit, kind: 'signup', value: 0, now: at },
  });
  const verifiedOf = (events: readonly { type: string; data: unknown }[]) => (events[0]?.data as { verified?: boolean }).verified;
  const visit = visitOf('v1', '2026-11-21');

  test('a conversion tied to a counted visit is verified, once per visit', () => {
    const [first] = contentLinksDecider.decide(tracked(visit), contentLinksDecider.evolve(contentLinksDecider.initialState(), counted('v1')));
    assert.deepEqual(first?.data, { ...first?.data, verified: true, visit });
    spec.given([counted('v1'), first!]).when(tracked(visit)).then([
      {
        type: 'ConversionRecorded',
        data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', contactId: null, shortCode: null, kind: 'signup', value: 0, recordedBy: TRACKED_CONVERSION_RECORDER, recordedAt: now, verified: false },
      },
    ]);
  });

  test('no visit, a visit never counted or one past the window: recorded, not verified', () => {
    const state = contentLinksDecider.evolve(contentLinksDecider.initialState(), counted('v1'));
    assert.equal(verifiedOf(contentLinksDecider.decide(tracked(null), state)), false);
    assert.equal(verifiedOf(contentLinksDecider.decide(tracked(visitOf('v2', '2026-11-21')), state)), false);
    const late = new Date(Date.parse(now) + (CONVERSION_WINDOW_DAYS + 1) * 86_400_000).toISOString();
    assert.equal(verifiedOf(contentLinksDecider.decide(tracked(visit, late), state)), false);
    const inTime = new Date(Date.parse(now) + CONVERSION_WINDOW_DAYS * 86_400_000).toISOString();
    assert.equal(verifiedOf(contentLinksDecider.decide(tracked(visit, inTime), state)), true);
  });

  test('counted visits older than the window are forgotten as days pass (the state stays bounded)', () => {
    let state = contentLinksDecider.initialState();
    for (let day = 0; day < 30; day++) {
      const at = new Date(Date.parse(now) + day * 86_400_000).toISOString();
      for (let v = 0; v < 5; v++) state = contentLinksDecider.evolve(state, counted(`v${v}`, at));
    }
    assert.ok(state.countedVisits.size <= (CONVERSION_WINDOW_DAYS + 1) * 5, `kept ${state.countedVisits.size}`);
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
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', trackingVersion: 0, contactId: null, shortCode: null, visit: null, kind: 'signup', value: 5, now, ...overrides },
  });
  const recorded = (overrides: Record<string, unknown> = {}) => ({
    type: 'ConversionRecorded',
    data: { conversionId: 'v1', contentId: 'k1', ownerId: 'u1', contactId: null, shortCode: null, kind: 'signup', value: 5, recordedBy: TRACKED_CONVERSION_RECORDER, recordedAt: now, verified: false, ...overrides },
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
