import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetchWithHeaders } from '@/lib/api-client';
import { csvFileName, downloadContentCsv } from './download-content-csv';

vi.mock('@/lib/api-client', () => ({ apiFetchWithHeaders: vi.fn() }));
const fetchMock = vi.mocked(apiFetchWithHeaders);

describe('downloadContentCsv', () => {
  const created: Blob[] = [];
  let clicked: { download: string; href: string }[] = [];

  beforeEach(() => {
    created.length = 0;
    clicked = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for the range with the token-carrying client and saves the file under the server\'s name', async () => {
    fetchMock.mockResolvedValue({
      body: 'Day,Shares\r\n2026-11-20,1\r\n',
      headers: new Headers({ 'content-disposition': 'attachment; filename="crossfeed-c1-daily-2026-11-20-to-2026-11-20.csv"' }),
    });
    await downloadContentCsv('c1', 'daily', { from: '2026-11-20', to: '2026-11-20' });
    expect(fetchMock).toHaveBeenCalledWith('/analytics/content/c1/daily.csv', { method: 'GET', query: { from: '2026-11-20', to: '2026-11-20' } });
    expect(clicked).toEqual([{ download: 'crossfeed-c1-daily-2026-11-20-to-2026-11-20.csv', href: 'blob:csv' }]);
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    // The byte order mark (dropped by fetch) is put back for spreadsheets.
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Day,Shares\r\n2026-11-20,1\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('fails with the server\'s error and saves nothing', async () => {
    fetchMock.mockRejectedValue(new Error('Premium only'));
    await expect(downloadContentCsv('c1', 'sharers', {})).rejects.toThrow('Premium only');
    expect(clicked).toEqual([]);
  });

  it('falls back to a name of its own without a Content-Disposition', () => {
    expect(csvFileName(null, 'fallback.csv')).toBe('fallback.csv');
    expect(csvFileName('attachment; filename="a.csv"', 'fallback.csv')).toBe('a.csv');
  });
});
