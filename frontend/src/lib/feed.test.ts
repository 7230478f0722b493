import { describe, expect, it, vi } from 'vitest';
import { createFeed } from './feed';

describe('createFeed', () => {
  it('delivers each event to every listener until it unsubscribes', () => {
    const feed = createFeed<number>();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = feed.subscribe(first);
    feed.subscribe(second);
    feed.publish(1);
    stopFirst();
    feed.publish(2);
    expect(first.mock.calls).toEqual([[1]]);
    expect(second.mock.calls).toEqual([[1], [2]]);
  });

  it('keeps delivering to the others when a listener unsubscribes during delivery', () => {
    const feed = createFeed<string>();
    const later = vi.fn();
    const stop = feed.subscribe(() => stop());
    feed.subscribe(later);
    feed.publish('a');
    expect(later).toHaveBeenCalledWith('a');
  });

  it('keeps feeds apart', () => {
    const one = createFeed<string>();
    const two = createFeed<string>();
    const listener = vi.fn();
    one.subscribe(listener);
    two.publish('x');
    expect(listener).not.toHaveBeenCalled();
  });
});
