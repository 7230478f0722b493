import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chunkContactRows, contactRowBytes } from './contact-chunks.ts';

const row = (name: string, email: string) => ({ name, email });

describe('chunkContactRows', () => {
  test('cuts by row count and by bytes, keeping file order', () => {
    const rows = Array.from({ length: 7 }, (_, i) => row(`N${i}`, `n${i}@x.io`));
    assert.deepEqual(chunkContactRows(rows, 3, 1_000_000), { chunks: [rows.slice(0, 3), rows.slice(3, 6), rows.slice(6)] });
    const size = contactRowBytes(rows[0]!);
    assert.deepEqual(chunkContactRows(rows, 100, size * 2), { chunks: [rows.slice(0, 2), rows.slice(2, 4), rows.slice(4, 6), rows.slice(6)] });
  });

  test('counts UTF-8 bytes, not characters', () => {
    assert.equal(contactRowBytes(row('é', 'a@x.io')) - contactRowBytes(row('e', 'a@x.io')), 1);
  });

  test('names the first row too large for any chunk', () => {
    const rows = [row('A', 'a@x.io'), row('B', `${'b'.repeat(5_000)}@x.io`), row('C', `${'c'.repeat(9_000)}@x.io`)];
    assert.deepEqual(chunkContactRows(rows, 500, 4_000), { oversizedRow: 1 });
    assert.deepEqual(chunkContactRows([], 500, 4_000), { chunks: [] });
  });
});
