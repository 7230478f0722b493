import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ListStatus } from '@crossfeed/domain/contacts/contact.events.ts';
import { listStatusOf } from './list-status.ts';

/** The status of a one-column row. */
const statusOf = (column: string, value: string): ListStatus | null => listStatusOf({ [column]: value }, [column]);

describe('listStatusOf', () => {
  test('Mailchimp: an unsubscribe time is unsubscribed, a clean time bounced', () => {
    assert.equal(statusOf('UNSUB_TIME', '2024-04-02 18:22:41'), 'unsubscribed');
    assert.equal(statusOf('CLEAN_TIME', '2024-02-11 04:12:55'), 'bounced');
    assert.equal(statusOf('UNSUB_TIME', ' '), null);
  });

  test('Substack: email_disabled true is suppressed', () => {
    assert.equal(statusOf('email_disabled', 'true'), 'suppressed');
    assert.equal(statusOf('email_disabled', ' TRUE '), 'suppressed');
    assert.equal(statusOf('email_disabled', 'false'), null);
  });

  test('Kit: cancelled is unsubscribed, bounced and complained bounced, inactive (never confirmed) suppressed, active active', () => {
    assert.equal(statusOf('state', 'cancelled'), 'unsubscribed');
    assert.equal(statusOf('state', 'bounced'), 'bounced');
    assert.equal(statusOf('state', 'Complained'), 'bounced');
    assert.equal(statusOf('state', 'active'), null);
    assert.equal(statusOf('state', 'inactive'), 'suppressed');
  });

  test('a state column of addresses is not a list status', () => {
    assert.equal(statusOf('State', 'CA'), null);
    assert.equal(statusOf('State', 'deleted'), null);
  });

  test('beehiiv and any other status column: by the value', () => {
    const expected: Record<string, ListStatus | null> = {
      inactive: 'suppressed',
      unsubscribed: 'unsubscribed',
      'Opted Out': 'unsubscribed',
      optout: 'unsubscribed',
      bounced: 'bounced',
      cleaned: 'bounced',
      complained: 'bounced',
      spam: 'bounced',
      disabled: 'suppressed',
      suppressed: 'suppressed',
      blocked: 'suppressed',
      deleted: 'suppressed',
      active: null,
      subscribed: null,
      validating: null,
      '': null,
      constructor: null,
    };
    for (const [value, status] of Object.entries(expected)) assert.equal(statusOf('status', value), status, value);
  });

  test('Ghost and generic subscribed columns: false, no, 0 or n is unsubscribed', () => {
    assert.equal(statusOf('subscribed_to_emails', 'false'), 'unsubscribed');
    assert.equal(statusOf('subscribed_to_emails', 'true'), null);
    for (const value of ['false', 'No', '0', 'n']) assert.equal(statusOf('Subscribed', value), 'unsubscribed', value);
    for (const value of ['true', 'yes', '1', '']) assert.equal(statusOf('Subscribed', value), null, value);
  });

  test('the first status column that marks the person gone decides; others are not read', () => {
    const record = { Status: 'active', UNSUB_TIME: '', CLEAN_TIME: '2024-01-01', Notes: 'unsubscribed' };
    assert.equal(listStatusOf(record, ['Status', 'UNSUB_TIME', 'CLEAN_TIME']), 'bounced');
    assert.equal(listStatusOf(record, ['Notes']), null);
    assert.equal(listStatusOf(record, []), null);
    assert.equal(listStatusOf({}, ['Status']), null);
  });
});
