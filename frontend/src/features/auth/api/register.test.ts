import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeWaitlistEntry } from '@/lib/waitlist-entry-storage';
import { jsonResponse, makeUser } from '@/testing/fixtures';
import { register } from './register';

describe('register', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('sends the waitlist confirmation proof this browser keeps, so the tier carries over at sign-up', async () => {
    storeWaitlistEntry({ token: 'WAIT2345.secret', claim: 'proof-1' });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, makeUser()));
    await register({ username: 'ada', email: 'ada@example.com', password: 'Str0ng!Passw0rd' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', email: 'ada@example.com', password: 'Str0ng!Passw0rd', waitlist_claim: 'proof-1' });
  });

  it('sends the SPEC payload alone without a proof', async () => {
    storeWaitlistEntry({ token: 'WAIT2345.secret' });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(201, makeUser()));
    await register({ username: 'ada', email: 'ada@example.com', password: 'Str0ng!Passw0rd' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'ada', email: 'ada@example.com', password: 'Str0ng!Passw0rd' });
  });
});
