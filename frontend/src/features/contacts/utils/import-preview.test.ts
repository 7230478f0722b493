import { describe, expect, it } from 'vitest';
import { nameChoices, nameChoiceValue, emailChoices, readImportResult } from './import-preview';

describe('import preview', () => {
  it('reads a full answer as it is', () => {
    const answer = {
      message: 'Preview only: nothing was imported.',
      dry_run: true,
      summary: '3 added (1 suppressed), 2 already in your contacts, 1 invalid.',
      format: 'csv',
      columns: ['Email Address', 'First Name', 'Last Name'],
      mapping: { email: 'Email Address', name: ['First Name', 'Last Name'], status: [] },
      counts: { rows: 6, new: 3, existing: 2, suppressed: 1, invalid: 1 },
      added: 3,
      rejected: [{ row: 6, email: 'not-an-address', reason: 'Invalid email address.' }],
      preview: [{ row: 1, name: 'Ada Lovelace', email: 'ada@example.org', status: 'suppressed' }],
    };
    expect(readImportResult(answer)).toEqual({
      summary: answer.summary,
      columns: answer.columns,
      mapping: { email: 'Email Address', name: ['First Name', 'Last Name'] },
      counts: answer.counts,
      rejected: answer.rejected,
      preview: answer.preview,
    });
  });

  it('reads an older or malformed answer with safe defaults', () => {
    const rejected = [{ row: 2, email: 'x', reason: 'Invalid email address.' }];
    expect(readImportResult({ message: 'ok', added: 3, rejected })).toMatchObject({
      summary: '3 contacts added, 1 row skipped.',
      counts: { rows: 4, new: 3, suppressed: 0, existing: 0, invalid: 0 },
      rejected,
      columns: [],
      mapping: { email: null, name: [] },
      preview: [],
    });
    expect(readImportResult({ added: 'many', rejected: [42, null], preview: [{ email: 'a@b.c', status: 'weird' }, 7] })).toMatchObject({
      summary: '0 contacts added, 0 rows skipped.',
      counts: { new: 0 },
      rejected: [],
      preview: [{ row: 0, name: '', email: 'a@b.c', status: 'active' }],
    });
    expect(readImportResult(undefined).counts.new).toBe(0);
  });

  it('offers the detected name columns, each column, and the name made from the address', () => {
    const columns = ['Email Address', 'First Name', 'Last Name'];
    expect(nameChoices(columns, ['First Name', 'Last Name'], ['First Name', 'Last Name'])).toEqual([
      { value: nameChoiceValue(['First Name', 'Last Name']), label: 'First Name + Last Name', columns: ['First Name', 'Last Name'] },
      { value: nameChoiceValue(['Email Address']), label: 'Email Address', columns: ['Email Address'] },
      { value: nameChoiceValue(['First Name']), label: 'First Name', columns: ['First Name'] },
      { value: nameChoiceValue(['Last Name']), label: 'Last Name', columns: ['Last Name'] },
      { value: nameChoiceValue([]), label: 'Made from the e-mail address', columns: [] },
    ]);
    // A single detected column is just that column's choice; a name in use that is none of these stays offered.
    expect(nameChoices(['email', 'name'], ['name'], ['email', 'name']).map((choice) => choice.label)).toEqual([
      'email',
      'name',
      'email + name',
      'Made from the e-mail address',
    ]);
  });

  it('offers every column for the e-mail, and the one in use when the answer did not list it', () => {
    expect(emailChoices(['a', 'b'], 'a')).toEqual(['a', 'b']);
    expect(emailChoices(['a', 'b'], 'mail')).toEqual(['mail', 'a', 'b']);
    expect(emailChoices(['a'], null)).toEqual(['a']);
  });
});
