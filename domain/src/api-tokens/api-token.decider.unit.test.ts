import { describe, test } from 'node:test';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { IssueApiToken, RecordApiTokenUse, RevokeApiToken } from './api-token.commands.ts';
import { apiTokenDecider } from './api-token.decider.ts';
import type { ApiTokenIssued, ApiTokenRevoked, ApiTokenUsed } from './api-token.events.ts';
import { API_TOKENS_LIVE_MAX } from './api-token.rules.ts';

const NOW = '2026-11-29T10:00:00.000Z';
const HASH = 'a'.repeat(64);
const spec = deciderSpec(apiTokenDecider);

const issueCommand = (overrides: Partial<IssueApiToken['data']> = {}): IssueApiToken => ({
  type: 'IssueApiToken',
  data: { tokenId: 't1', userId: 'u1', name: 'CI', scopes: ['content:read'], hash: HASH, hint: 'cf_ab12', now: NOW, ...overrides },
});
const issued = (tokenId = 't1', overrides: Partial<ApiTokenIssued['data']> = {}): ApiTokenIssued => ({
  type: 'ApiTokenIssued',
  data: { tokenId, userId: 'u1', name: 'CI', scopes: ['content:read'], hash: HASH, hint: 'cf_ab12', issuedAt: NOW, ...overrides },
});
const revoke = (tokenId = 't1'): RevokeApiToken => ({ type: 'RevokeApiToken', data: { tokenId, userId: 'u1', now: NOW } });
const revoked = (tokenId = 't1'): ApiTokenRevoked => ({ type: 'ApiTokenRevoked', data: { tokenId, userId: 'u1', revokedAt: NOW } });
const use = (now: string, tokenId = 't1'): RecordApiTokenUse => ({ type: 'RecordApiTokenUse', data: { tokenId, userId: 'u1', now } });
const used = (usedAt: string, tokenId = 't1'): ApiTokenUsed => ({ type: 'ApiTokenUsed', data: { tokenId, userId: 'u1', usedAt } });

describe('api token decider: issuing', () => {
  test('issues a token with its name trimmed and its scopes deduplicated', () => {
    spec
      .given([])
      .when(issueCommand({ name: '  CI deploy  ', scopes: ['content:read', 'webhooks', 'content:read'] }))
      .then([issued('t1', { name: 'CI deploy', scopes: ['content:read', 'webhooks'] })]);
  });

  test('refuses an empty name and one over 50 characters; accepts exactly 50', () => {
    spec.given([]).when(issueCommand({ name: '   ' })).thenThrows(ValidationError, /Give the token a name/);
    spec.given([]).when(issueCommand({ name: 'x'.repeat(51) })).thenThrows(ValidationError, /at most 50/);
    spec.given([]).when(issueCommand({ name: 'x'.repeat(50) })).then([issued('t1', { name: 'x'.repeat(50) })]);
  });

  test('refuses no scope and an unknown scope', () => {
    spec.given([]).when(issueCommand({ scopes: [] })).thenThrows(ValidationError, /at least one scope/);
    spec.given([]).when(issueCommand({ scopes: ['content:read', 'admin'] })).thenThrows(ValidationError, /Unknown scope/);
  });

  test('refuses a hash that is not hex SHA-256 or a hint that is not the secret prefix', () => {
    spec.given([]).when(issueCommand({ hash: 'cf_secret' })).thenThrows(ValidationError, /hex SHA-256/);
    spec.given([]).when(issueCommand({ hint: 'xx_ab12' })).thenThrows(ValidationError, /hex SHA-256/);
  });

  test('refuses a reused token id', () => {
    spec.given([issued()]).when(issueCommand()).thenThrows(ValidationError, /already used/);
  });

  test(`caps live tokens at ${API_TOKENS_LIVE_MAX}; a revoked one frees a place`, () => {
    const full = Array.from({ length: API_TOKENS_LIVE_MAX }, (_, i) => issued(`t${i}`));
    spec.given(full).when(issueCommand({ tokenId: 'new' })).thenThrows(ConflictError, /already have 20 API tokens/);
    spec.given([...full, revoked('t3')]).when(issueCommand({ tokenId: 'new' })).then([issued('new')]);
  });
});

describe('api token decider: revoking', () => {
  test('revokes a live token of the stream', () => {
    spec.given([issued()]).when(revoke()).then([revoked()]);
  });

  test('an unknown token (another user is another stream) is not found', () => {
    spec.given([issued()]).when(revoke('other')).thenThrows(NotFoundError, /API token not found/);
  });

  test('revoking twice changes nothing', () => {
    spec.given([issued(), revoked()]).when(revoke()).then([]);
  });
});

describe('api token decider: recording uses', () => {
  test('records the first use', () => {
    spec.given([issued()]).when(use(NOW)).then([used(NOW)]);
  });

  test('records again only once the last recorded use is a minute old', () => {
    spec.given([issued(), used(NOW)]).when(use('2026-11-29T10:00:59.999Z')).then([]);
    spec.given([issued(), used(NOW)]).when(use('2026-11-29T10:01:00.000Z')).then([used('2026-11-29T10:01:00.000Z')]);
  });

  test('records nothing for a revoked or unknown token', () => {
    spec.given([issued(), revoked()]).when(use(NOW)).then([]);
    spec.given([]).when(use(NOW)).then([]);
  });
});
