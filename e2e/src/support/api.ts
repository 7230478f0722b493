/**
 * A small HTTP client for the running app, used to set up what a journey is not about (an account with a
 * profile, contacts, content) and to check the server's side of what the browser did.
 */
import { randomBytes } from 'node:crypto';
import type { FlagDto, UserDto } from '@crossfeed/domain/api/realtime-events.ts';

/** Meets the signup rules (SPEC §5: Strong). */
export const PASSWORD = 'E2e#Passw0rd';

export interface Session {
  token: string;
  user: UserDto;
  username: string;
  email: string;
  password: string;
}

export interface ProfileInput {
  name: string;
  bio: string;
  /** Lowercase profile categories, e.g. `science`. */
  categories: string[];
  interests: string[];
  content_type: string;
}

export interface ContentInput {
  title: string;
  description: string;
  url: string;
  content_type: string;
  categories: string[];
}

/** A short unique suffix, so every journey run has its own accounts and e-mail addresses. */
export const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

export class Api {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call<T = any>(
    method: string,
    path: string,
    options: { token?: string; json?: unknown; form?: Record<string, string>; expect?: number } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | URLSearchParams | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = new URLSearchParams(options.form);
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const expected = options.expect ?? (response.status >= 200 && response.status < 300 ? response.status : 200);
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as T;
    } catch {
      return text as T;
    }
  }

  async login(username: string, password: string): Promise<{ token: string; user: UserDto }> {
    const answer = await this.call<{ access_token: string; user: UserDto }>('POST', '/auth/login', { form: { username, password } });
    return { token: answer.access_token, user: answer.user };
  }

  /** Registers and logs in a new account (optionally with a completed profile). */
  async signUp(prefix: string, profile?: ProfileInput): Promise<Session> {
    const username = unique(prefix).slice(0, 32);
    const email = `${username}@e2e.example.com`;
    await this.call('POST', '/auth/register', { json: { username, email, password: PASSWORD } });
    const { token, user } = await this.login(username, PASSWORD);
    const withProfile = profile ? await this.call<UserDto>('POST', '/profiles/', { token, json: profile }) : user;
    return { token, user: withProfile, username, email, password: PASSWORD };
  }

  async addContact(session: Session, name: string, email: string): Promise<string> {
    return (await this.call<{ id: string }>('POST', '/contacts/', { token: session.token, json: { name, email } })).id;
  }

  async submitContent(session: Session, content: ContentInput): Promise<string> {
    return (await this.call<{ id: string }>('POST', '/content/', { token: session.token, json: content })).id;
  }

  /** Premium through the simulated hosted checkout, as the Pay button does it. */
  async upgradeToPremium(session: Session): Promise<void> {
    const checkout = await this.call<{ checkout_session_id: string }>('POST', '/api/subscription/create-checkout-session', {
      token: session.token,
      json: {},
    });
    await this.call('POST', `/simulated-checkout/${encodeURIComponent(checkout.checkout_session_id)}/pay`, { token: session.token, expect: 303 });
  }

  async me(token: string): Promise<UserDto> {
    return this.call<UserDto>('GET', '/auth/me', { token });
  }

  async flags(adminToken: string): Promise<FlagDto[]> {
    return this.call<FlagDto[]>('GET', '/flags/', { token: adminToken });
  }

  async notifications(token: string): Promise<{ id: string; is_read: boolean; message: string }[]> {
    return this.call('GET', '/notifications/', { token });
  }

}
