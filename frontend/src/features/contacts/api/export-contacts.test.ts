import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { exportContacts } from './export-contacts';

describe('exportContacts', () => {
  const created: Blob[] = [];
  let clicked: { download: string; href: string }[] = [];

  beforeEach(() => {
    created.length = 0;
    clicked = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:contacts';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches GET /contacts/export.csv with the token-carrying client and saves it as contacts.csv', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue('name,email,status,audience_score,added_at\r\nAda,ada@example.org,active,,2026-01-01\r\n');

    await exportContacts();

    expect(get).toHaveBeenCalledWith('/contacts/export.csv');
    expect(clicked).toEqual([{ download: 'contacts.csv', href: 'blob:contacts' }]);
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    // A byte order mark first, so spreadsheets read the names as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toMatch(/^name,email,status,audience_score,added_at\r\nAda,/);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("fails with the server's error and saves nothing", async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new Error('Nope'));
    await expect(exportContacts()).rejects.toThrow('Nope');
    expect(clicked).toEqual([]);
  });
});
