import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PositionWaiters } from './position-waiters.ts';

describe('PositionWaiters', () => {
  test('a waiter is answered true once its position is reached, false on its timeout or when released', async () => {
    let current = '005';
    const waiters = new PositionWaiters((position) => current >= position);
    assert.equal(await waiters.wait('003', 1000), true, 'already reached');
    const soon = waiters.wait('007', 1000);
    const later = waiters.wait('009', 1000);
    const never = waiters.wait('099', 20);
    current = '007';
    waiters.settle();
    assert.equal(await soon, true);
    assert.equal(await never, false, 'timed out');
    waiters.releaseAll();
    assert.equal(await later, false, 'released when the runner stopped');
  });
});
