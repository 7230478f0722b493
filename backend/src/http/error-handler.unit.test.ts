import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { WrongExpectedVersion } from '@crossfeed/platform/event-store/event-store.port.ts';
import { HttpError } from './http-error.ts';
import { statusOf } from './error-handler.ts';

describe('error to status mapping', () => {
  test('maps each failure class to one status', () => {
    assert.equal(statusOf(new ValidationError('x')), 400);
    assert.equal(statusOf(z.object({ a: z.string() }).safeParse({}).error), 400);
    assert.equal(statusOf(new NotFoundError('x')), 404);
    assert.equal(statusOf(new ForbiddenError('x')), 403);
    assert.equal(statusOf(new ConflictError('x')), 409);
    assert.equal(statusOf(new QuotaExceededError('x')), 429);
    assert.equal(statusOf(new HttpError(413, 'x')), 413);
    assert.equal(statusOf(new WrongExpectedVersion('user-1', 3n, 4n)), 409);
    assert.equal(statusOf(Object.assign(new Error('too big'), { status: 413, type: 'entity.too.large' })), 413);
    assert.equal(statusOf(new Error('bug')), 500);
  });
});
