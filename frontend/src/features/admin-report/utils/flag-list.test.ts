import { describe, expect, it } from 'vitest';
import type { FlagDto } from '@crossfeed/domain/api/realtime-events.ts';
import { addFlag, applyContent, applyFlagUpdate, removeContent, removeFlags } from './flag-list';

const flag = (id: string, contentId = `c-${id}`, status: string | null = 'active'): FlagDto => ({
  id,
  content_id: contentId,
  reason: `reason ${id}`,
  created_at: '2026-03-01T12:00:00.000Z',
  user: { username: 'bob' },
  content: { title: `Title ${contentId}`, content_type: 'video', categories: ['art'], status },
});

const ids = (flags: readonly FlagDto[]) => flags.map((item) => item.id);

describe('flag list changes', () => {
  it('puts a new flag on top and replaces one already listed in place', () => {
    const list = [flag('a'), flag('b')];
    expect(ids(addFlag(list, flag('c')))).toEqual(['c', 'a', 'b']);
    const replaced = addFlag(list, { ...flag('b'), reason: 'changed' });
    expect(ids(replaced)).toEqual(['a', 'b']);
    expect(replaced[1]?.reason).toBe('changed');
  });

  it('removes flags by id and every flag of removed content', () => {
    const list = [flag('a', 'x'), flag('b', 'x'), flag('c', 'y')];
    expect(ids(removeFlags(list, ['a', 'zzz']))).toEqual(['b', 'c']);
    expect(ids(removeContent(list, 'x'))).toEqual(['c']);
  });

  it('applies the moderated content to every flag of that content only', () => {
    const list = [flag('a', 'x'), flag('b', 'x'), flag('c', 'y')];
    const next = applyContent(list, { id: 'x', title: 'New', content_type: 'code', categories: ['ai'], status: 'approved' });
    expect(next.map((item) => item.content.status)).toEqual(['approved', 'approved', 'active']);
    expect(next[0]?.content).toEqual({ title: 'New', content_type: 'code', categories: ['ai'], status: 'approved' });
    expect(next[2]).toBe(list[2]);
  });

  it('reads a flag:updated push as a flag deletion, a content removal or a status change', () => {
    const list = [flag('a', 'x'), flag('b', 'x'), flag('c', 'y')];
    expect(ids(applyFlagUpdate(list, { flag_id: 'a', content_id: 'x', deleted: true }))).toEqual(['b', 'c']);
    expect(ids(applyFlagUpdate(list, { content_id: 'x', status: 'deleted', deleted: true }))).toEqual(['c']);
    const changed = applyFlagUpdate(list, { content_id: 'y', status: 'under_review' });
    expect(changed.map((item) => item.content.status)).toEqual(['active', 'active', 'under_review']);
    expect(ids(applyFlagUpdate(list, { content_id: 'y' }))).toEqual(['a', 'b', 'c']);
  });
});
