/**
 * SEED_DEMO: demo creators with profiles, contacts, content, shares, a flag, promo codes and waitlist
 * entries, created through the public API of the running server (the same commands, validation and
 * reservations a person goes through). Skipped when the demo admin already exists.
 */
import { emailKey, userStream } from '@crossfeed/domain/shared/streams.ts';
import { userDecider } from '@crossfeed/domain/users/user.decider.ts';
import type { ApiContext } from '../api/api-context.ts';
import { execute, reservationOwner } from '../api/execute.ts';
import { confirmWaitlistEmail } from '../features/waitlist/waitlist.ts';
import { issuePromoCode } from '../features/waitlist/promo-codes.ts';

export const DEMO_ADMIN = { username: 'admin', email: 'admin@crossfeed.local', password: 'Admin#Demo2026' };
const DEMO_PASSWORD = 'Creator#Demo2026';

interface DemoCreator {
  username: string;
  name: string;
  bio: string;
  categories: string[];
  interests: string[];
  content: { title: string; description: string; url: string; content_type: string; categories: string[] }[];
}

const CREATORS: DemoCreator[] = [
  {
    username: 'ada',
    name: 'Ada Byron',
    bio: 'Writes about programming languages and the people who build them.',
    categories: ['technology', 'science'],
    interests: ['Web Development', 'Artificial Intelligence', 'Physics'],
    content: [
      { title: 'Why type systems age well', description: 'A long read on static typing.', url: 'https://example.com/ada/type-systems', content_type: 'article', categories: ['technology'] },
      { title: 'Compilers in 20 minutes', description: 'A short talk, slides included.', url: 'https://example.com/ada/compilers-talk', content_type: 'video', categories: ['technology', 'education'] },
    ],
  },
  {
    username: 'grace',
    name: 'Grace Park',
    bio: 'Illustrator and photographer sharing process videos.',
    categories: ['art'],
    interests: ['Digital Art', 'Photography'],
    content: [
      { title: 'Ink to pixels: my workflow', description: 'From sketchbook to tablet.', url: 'https://example.com/grace/workflow', content_type: 'video', categories: ['art'] },
      { title: 'Golden hour in the city', description: 'A photo essay.', url: 'https://example.com/grace/golden-hour', content_type: 'image', categories: ['art', 'travel'] },
    ],
  },
  {
    username: 'linus',
    name: 'Linus Okafor',
    bio: 'Fitness coach and podcast host.',
    categories: ['health', 'business'],
    interests: ['Fitness', 'Nutrition', 'Entrepreneurship'],
    content: [
      { title: 'Strength training for desk workers', description: 'Episode 42 of the podcast.', url: 'https://example.com/linus/ep42', content_type: 'podcast', categories: ['health'] },
      { title: 'Running a one-person business', description: 'Newsletter issue on pricing.', url: 'https://example.com/linus/pricing', content_type: 'newsletter', categories: ['business'] },
    ],
  },
];

/** The fields of the API's answers the seed reads. */
interface DemoAnswer {
  detail?: string;
  id?: string;
  access_token?: string;
  user?: { id: string };
  referral_code?: string;
}

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

export async function seedDemo(ctx: ApiContext, baseUrl: string): Promise<DemoLogin[] | undefined> {
  if (await reservationOwner(ctx, 'email', DEMO_ADMIN.email)) return undefined;

  const call = async (method: string, path: string, options: { token?: string; json?: unknown; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | URLSearchParams | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = new URLSearchParams(options.form);
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const answer = (await response.json().catch(() => ({}))) as DemoAnswer;
    if (!response.ok) throw new Error(`demo seed: ${method} ${path} answered ${response.status}: ${answer.detail ?? ''}`);
    return answer;
  };
  const signUp = async (username: string, email: string, password: string) => {
    await call('POST', '/auth/register', { json: { username, email, password } });
    const login = await call('POST', '/auth/login', { form: { username, password } });
    return { token: login.access_token!, id: login.user!.id };
  };

  // The demo admin is made admin the way an operator does it (`npm run admin -- grant admin`).
  const demoAdmin = await signUp(DEMO_ADMIN.username, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await execute(ctx, userDecider, userStream(demoAdmin.id), { type: 'GrantAdmin', data: { userId: demoAdmin.id, now: ctx.clock().toISOString() } });

  const sessions: { creator: DemoCreator; token: string; id: string; contentIds: string[]; contactIds: string[] }[] = [];
  for (const creator of CREATORS) {
    const session = await signUp(creator.username, `${creator.username}@crossfeed.local`, DEMO_PASSWORD);
    await call('POST', '/profiles/', {
      token: session.token,
      json: { name: creator.name, bio: creator.bio, categories: creator.categories, interests: creator.interests, content_type: creator.content[0]!.content_type },
    });
    const contactIds: string[] = [];
    for (const [i, friend] of ['Sam Rivera', 'Priya Shah', 'Tom Becker', 'Mei Lin'].entries()) {
      const contact = await call('POST', '/contacts/', {
        token: session.token,
        json: { name: friend, email: `${friend.split(' ')[0]!.toLowerCase()}.${i}.${creator.username}@example.com` },
      });
      contactIds.push(contact.id!);
    }
    const contentIds: string[] = [];
    for (const item of creator.content) contentIds.push((await call('POST', '/content/', { token: session.token, json: item })).id!);
    sessions.push({ creator, ...session, contentIds, contactIds });
  }

  const [ada, grace, linus] = sessions as [(typeof sessions)[number], (typeof sessions)[number], (typeof sessions)[number]];
  // Ada redeems a promo code (Premium for 30 days); Grace keeps an unused one.
  const adaCode = await issuePromoCode(ctx, ada.id, { premiumDays: 30, reason: 'demo' });
  await call('POST', '/api/referrals/redeem', { token: ada.token, json: { code: adaCode } });
  await issuePromoCode(ctx, grace.id, { premiumDays: 14, reason: 'demo' });

  // The exchange (docs/exchange.md): each creator's first item went live on the starting credit, the
  // second waits as pending. Ada completes a match on Grace's first item with one share to five people,
  // which releases her own queued talk. Linus and Grace share without completing one.
  const noor = await call('POST', '/contacts/', { token: ada.token, json: { name: 'Noor Haddad', email: 'noor.4.ada@example.com' } });
  await call('POST', `/content/${grace.contentIds[0]}/share/`, {
    token: ada.token,
    json: { contact_ids: [...ada.contactIds, noor.id!], note: 'Grace turns sketches into finished pieces: the clearest workflow I have seen.' },
  });
  await call('POST', `/content/${grace.contentIds[0]}/share/`, { token: linus.token, json: { contact_ids: linus.contactIds.slice(0, 3) } });
  await call('POST', `/content/${ada.contentIds[0]}/share/`, { token: grace.token, json: { contact_ids: grace.contactIds.slice(0, 1) } });
  // A report for the admin's moderation queue.
  await call('POST', '/flags/', { token: grace.token, json: { content_id: linus.contentIds[1], reason: 'The link points to a page that asks for payment details.' } });

  // A pre-launch waitlist with one referral.
  const first = await call('POST', '/api/waitlist/signup', { json: { email: 'early.bird@example.com', referred_by: null } });
  await call('POST', '/api/waitlist/signup', { json: { email: 'friend.of.bird@example.com', referred_by: first.referral_code } });
  // A referral counts once the friend confirms (as following the e-mailed link does); the workers credit it.
  await confirmWaitlistEmail(ctx, emailKey('friend.of.bird@example.com'));
  await call('POST', '/api/waitlist/signup', { json: { email: 'curious@example.com', referred_by: null } });

  return [
    { username: DEMO_ADMIN.username, password: DEMO_ADMIN.password, role: 'admin' },
    { username: 'ada', password: DEMO_PASSWORD, role: 'creator, Premium (promo, 30 days), completed a match: both items live' },
    { username: 'grace', password: DEMO_PASSWORD, role: 'creator, Free, has an unused promo code, one item pending' },
    { username: 'linus', password: DEMO_PASSWORD, role: 'creator, Free, his pending item flagged' },
  ];
}
