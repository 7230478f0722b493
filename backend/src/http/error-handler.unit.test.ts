import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { ConflictError, ForbiddenError, NotFoundError, QuotaExceededError, ValidationError } from '@crossfeed/domain/shared/errors.ts';
import { AppendTooLarge, WrongExpectedVersion } from '@crossfeed/platform/event-store/event-store.port.ts';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { HttpError } from './http-error.ts';
import { errorHandler, statusOf } from './error-handler.ts';

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

  test('an append over the event store limit is a 413 with a detail, not a 500', () => {
    assert.equal(statusOf(new AppendTooLarge('contacts-1', 1_048_576)), 413);
    const sent: { status?: number; body?: unknown } = {};
    const res = {
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const handle = errorHandler(createLogger({ level: 'silent' }));
    (handle as unknown as (e: unknown, q: unknown, r: unknown, n: () => void) => void)(new AppendTooLarge('contacts-1', 1_048_576), { method: 'POST', path: '/contacts/bulk' }, res, () => {});
    assert.deepEqual(sent, { status: 413, body: { detail: 'Too much data in one request. Please send it in smaller parts.' } });
  });
});
