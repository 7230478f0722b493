import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTypeLabel } from './content-types.ts';

describe('contentTypeLabel', () => {
  test('gives a type a capital first letter', () => {
    assert.equal(contentTypeLabel('podcast'), 'Podcast');
    assert.equal(contentTypeLabel(''), '');
  });
});
