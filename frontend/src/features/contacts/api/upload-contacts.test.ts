import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '@/stores/app-store';
import { jsonResponse, makeJwt, makeUser } from '@/testing/fixtures';
import { uploadContacts } from './upload-contacts';

const token = makeJwt(Math.floor(Date.now() / 1000) + 3600);

function stubFetch() {
  const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>(async () => jsonResponse(200, { added: 0, rejected: [] }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof stubFetch>) => {
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url, init: init!, body: init!.body as FormData };
};

describe('uploadContacts', () => {
  const file = new File(['Email Address,First Name\nada@example.org,Ada\n'], 'mailchimp.csv', { type: 'text/csv' });

  beforeEach(() => useAppStore.getState().login(token, makeUser()));

  it('asks for a dry run with ?dry_run=true, the mapping as a JSON string before the file, and the token', async () => {
    const fetchMock = stubFetch();
    const controller = new AbortController();

    await uploadContacts(file, { mapping: { email: 'Email Address', name: ['First Name'] }, dryRun: true, signal: controller.signal });

    const { url, init, body } = sent(fetchMock);
    expect(url).toBe('/contacts/bulk?dry_run=true');
    expect(init.method).toBe('POST');
    expect(init.signal).toBe(controller.signal);
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${token}`);
    expect([...body.keys()]).toEqual(['mapping', 'file']);
    expect(JSON.parse(body.get('mapping') as string)).toEqual({ email: 'Email Address', name: ['First Name'] });
    expect((body.get('file') as File).name).toBe('mailchimp.csv');
  });

  it('imports without dry_run, and sends no mapping when none is chosen', async () => {
    const fetchMock = stubFetch();

    await uploadContacts(file, { mapping: null });

    const { url, body } = sent(fetchMock);
    expect(url).toBe('/contacts/bulk');
    expect([...body.keys()]).toEqual(['file']);
  });

  it('sends `[]` for a name made from the address', async () => {
    const fetchMock = stubFetch();

    await uploadContacts(file, { mapping: { email: 'Email Address', name: [] } });

    expect(JSON.parse(sent(fetchMock).body.get('mapping') as string)).toEqual({ email: 'Email Address', name: [] });
  });
});
