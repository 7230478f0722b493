import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell, toCsv } from './csv.ts';

describe('csv', () => {
  test('quotes cells holding commas, quotes or line breaks, doubling the quotes', () => {
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a, b'), '"a, b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('two\nlines'), '"two\nlines"');
  });

  test('turns text a spreadsheet would run as a formula into plain text', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) assert.equal(csvCell(`${start}SUM(A1)`).replace(/^"/, '').startsWith(`'${start}`), true, JSON.stringify(start));
    assert.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
    assert.equal(csvCell('a=b'), 'a=b');
  });

  test('writes numbers as they are and empty cells for nothing', () => {
    assert.equal(csvCell(0), '0');
    assert.equal(csvCell(12), '12');
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(undefined), '');
    assert.equal(toCsv([['day', 'shares'], ['2026-11-20', 3]]), 'day,shares\r\n2026-11-20,3\r\n');
  });
});
