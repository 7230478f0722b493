/** Helpers shared by the content HTTP tests. */
import assert from 'node:assert/strict';
import { SignJWT } from 'jose';
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

export async function addContacts(app: TestApp, session: Session, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await app.request('POST', '/contacts/', {
      token: session.token,
      json: { name: `Contact ${i}`, email: `contact${i}.${session.user.id.slice(0, 8)}@example.com` },
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
