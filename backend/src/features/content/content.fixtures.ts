/** Helpers shared by the content HTTP tests. */
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
import { userStream } from '@crossfeed/domain/shared/streams.ts';
import type { ContentReleased } from '@crossfeed/domain/users/user.events.ts';
import { settle } from '../../api/execute.ts';
import type { Session, TestApp } from '../../testing/test-app.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-42';

export async function expiredToken(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

/** Asserts the three 401 cases of an endpoint: no token, a garbage token, an expired token. */
export async function assertRequiresAuth(app: TestApp, method: string, path: string, userId: string, json?: unknown): Promise<void> {
  for (const token of [undefined, 'not-a-jwt', await expiredToken(userId)]) {
    const response = await app.request(method, path, { token, json });
    assert.equal(response.status, 401, `${method} ${path} with ${token ? 'a bad token' : 'no token'}`);
    assert.equal(typeof response.body?.detail, 'string');
  }
}

export interface SubmissionFields {
  title?: string;
  description?: string;
  url?: string;
  content_type?: string;
  categories?: string[];
}

export async function submitContent(app: TestApp, session: Session, fields: SubmissionFields = {}): Promise<{ id: string; [field: string]: unknown }> {
  const response = await app.request('POST', '/content/', {
    token: session.token,
    json: {
      title: 'A post worth sharing',
      description: 'What it is about',
      url: 'https://example.com/post',
      content_type: 'article',
      categories: ['technology'],
      ...fields,
    },
  });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/**
 * Releases a creator's pending content to the exchange as a banked credit would (docs/exchange.md), for
 * tests about matching, sharing and search that need several active items per creator without running a
 * whole match first. Content already active is left alone.
 */
export async function releaseContent(app: TestApp, session: Session, content: { id: string; title?: unknown; owner_status?: unknown }): Promise<void> {
  if (content.owner_status !== 'pending') return;
  const event: ContentReleased = {
    type: 'ContentReleased',
    data: { contentId: content.id, userId: session.user.id, contentTitle: String(content.title ?? ''), reason: 'banked_credit', releasedAt: new Date().toISOString() },
  };
  const { position } = await app.ctx.eventStore.append(userStream(session.user.id), [event], { expectedRevision: 'any' });
  await settle(app.ctx, position);
}

/** Submits content through the API and releases it at once (see `releaseContent`): it is `active`. */
export async function submitPromoted(app: TestApp, session: Session, fields: SubmissionFields = {}): Promise<{ id: string; [field: string]: unknown }> {
  const submitted = await submitContent(app, session, fields);
  await releaseContent(app, session, submitted);
  return submitted.owner_status === 'pending' ? { ...submitted, status: 'active', owner_status: 'active' } : submitted;
}

export async function addContacts(app: TestApp, session: Session, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await app.request('POST', '/contacts/', {
      token: session.token,
      json: { name: `Contact ${i}`, email: `contact${i}.${session.user.id.slice(-12)}@example.com` },
    });
    assert.equal(response.status, 201, response.text);
    ids.push(response.body.id);
  }
  return ids;
}

export async function createProfile(app: TestApp, session: Session, categories: string[], interests: string[]): Promise<void> {
  const response = await app.request('POST', '/profiles/', {
    token: session.token,
    json: { name: session.user.username, bio: 'A creator', categories, interests, content_type: 'article' },
  });
  assert.ok(response.status === 200 || response.status === 201, response.text);
}
