import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { columnList, detectColumns, overrideColumns } from './contact-columns.ts';

describe('detectColumns', () => {
  test('finds the e-mail column under any of its names, ignoring case, spaces, _, - and .', () => {
    for (const column of [
      'email',
      'Email',
      'E-mail',
      'Email Address',
      'email_address',
      'E-mail Address',
      'E-mail 1 - Value',
      'EmailAddress',
      'e.mail',
      'Mail',
      'Primary Email',
      'Subscriber Email',
      'Email (Primary)',
    ]) {
      assert.equal(detectColumns(['Notes', column, 'Phone'])?.email, column, column);
    }
  });

  test('answers null when no column holds e-mails', () => {
    assert.equal(detectColumns(['Name', 'Phone', 'Email 2 Address', 'Mailing list']), null);
    assert.equal(detectColumns([]), null);
  });

  test('prefers the plainest e-mail column when a file has several', () => {
    assert.equal(detectColumns(['Mail', 'E-mail 1 - Value', 'Email'])?.email, 'Email');
    assert.equal(detectColumns(['E-mail Address', 'E-mail 2 Address', 'E-mail 3 Address'])?.email, 'E-mail Address');
  });

  test('takes a full-name column over first and last names', () => {
    assert.deepEqual(detectColumns(['Name', 'Given Name', 'Family Name', 'E-mail 1 - Value'])?.name, ['Name']);
    for (const column of ['Full Name', 'display_name', 'Subscriber Name']) assert.deepEqual(detectColumns([column, 'email'])?.name, [column]);
  });

  test('joins first, middle and last names in that order, whatever their spelling', () => {
    assert.deepEqual(detectColumns(['Last Name', 'Email', 'First Name'])?.name, ['First Name', 'Last Name']);
    assert.deepEqual(detectColumns(['first_name', 'last_name', 'email'])?.name, ['first_name', 'last_name']);
    assert.deepEqual(detectColumns(['Given Name', 'Surname', 'email'])?.name, ['Given Name', 'Surname']);
    assert.deepEqual(detectColumns(['FNAME', 'LNAME', 'EMAIL'])?.name, ['FNAME', 'LNAME']);
    assert.deepEqual(detectColumns(['First Name', 'Middle Name', 'Last Name', 'E-mail Address'])?.name, ['First Name', 'Middle Name', 'Last Name']);
    assert.deepEqual(detectColumns(['firstname', 'email_address'])?.name, ['firstname']);
  });

  test('finds no name in a file without one (a middle name alone is none)', () => {
    assert.deepEqual(detectColumns(['email', 'created_at', 'Nickname'])?.name, []);
    assert.deepEqual(detectColumns(['email', 'Middle Name'])?.name, []);
  });

  test('lists the status columns of the tools, in header order', () => {
    assert.deepEqual(detectColumns(['Email Address', 'UNSUB_TIME', 'UNSUB_CAMPAIGN_TITLE', 'CLEAN_TIME'])?.status, ['UNSUB_TIME', 'CLEAN_TIME']);
    assert.deepEqual(detectColumns(['email', 'email_disabled'])?.status, ['email_disabled']);
    assert.deepEqual(detectColumns(['email_address', 'state', 'Home State'])?.status, ['state']);
    assert.deepEqual(detectColumns(['email', 'Status', 'subscribed_to_emails', 'Subscribed'])?.status, ['Status', 'subscribed_to_emails', 'Subscribed']);
    assert.deepEqual(detectColumns(['email', 'name'])?.status, []);
  });
});

describe('overrideColumns', () => {
  const header = ['Email Address', 'First Name', 'Last Name', 'Nick', 'UNSUB_TIME'];

  test('keeps the creator’s columns and the detected status columns', () => {
    assert.deepEqual(overrideColumns(header, { email: 'Email Address', name: ['Nick'] }), {
      email: 'Email Address',
      name: ['Nick'],
      status: ['UNSUB_TIME'],
    });
    assert.deepEqual(overrideColumns(header, { email: 'Email Address', name: [] }).name, []);
  });

  test('refuses a column the header does not have, naming it and the columns', () => {
    assert.throws(
      () => overrideColumns(header, { email: 'Email Address', name: ['First Name', 'Full Name'] }),
      (error: unknown) =>
        error instanceof ValidationError &&
        error.message === 'The file has no column "Full Name". The columns are: Email Address, First Name, Last Name, Nick, UNSUB_TIME.',
    );
    // The header's spelling, not a detection alias.
    assert.throws(() => overrideColumns(header, { email: 'email', name: [] }), ValidationError);
  });
});

test('columnList shows at most 20 columns', () => {
  const many = Array.from({ length: 25 }, (_, i) => `c${i + 1}`);
  assert.equal(columnList(many), `${many.slice(0, 20).join(', ')}, ...`);
  assert.equal(columnList(['a', 'b']), 'a, b');
});
