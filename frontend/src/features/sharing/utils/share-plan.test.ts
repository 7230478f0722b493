import { describe, expect, it } from 'vitest';
import { planShare } from './share-plan';

const summary = (still_needed: number, remaining: number) => ({ still_needed, email_budget: { limit: 5, used: 5 - remaining, remaining } });

describe('planShare', () => {
  it('counts every chosen contact while the match needs them and the budget allows', () => {
    expect(planShare(['a', 'b'], summary(4, 4))).toEqual({ counted: 2, notCounted: [] });
  });

  it('counts no more than the match still needs: the others are sent but count for nothing', () => {
    expect(planShare(['a', 'b', 'c'], summary(2, 10))).toEqual({ counted: 2, notCounted: [{ contact: 'c', reason: 'match_complete' }] });
  });

  it("skips the contacts past today's e-mail budget, in the order chosen", () => {
    expect(planShare(['a', 'b', 'c'], summary(5, 1))).toEqual({
      counted: 1,
      notCounted: [
        { contact: 'b', reason: 'email_budget' },
        { contact: 'c', reason: 'email_budget' },
      ],
    });
  });

  it('counts nobody once the match is complete', () => {
    expect(planShare(['a'], summary(0, 3))).toEqual({ counted: 0, notCounted: [{ contact: 'a', reason: 'match_complete' }] });
  });
});
