import { describe, expect, it } from 'vitest';
import { TOUR_SCROLL_OFFSET, TOUR_STEPS, TOUR_Z_INDEX } from './tour-steps';

describe('TOUR_STEPS', () => {
  it('has the 13 steps of SPEC §2, in order', () => {
    expect(TOUR_STEPS.map((step) => step.id)).toEqual([
      'introduction',
      'profile',
      'contacts',
      'add-content',
      'notifications',
      'premium',
      'content-queue',
      'shuffle-button',
      'select-content',
      'manage-button',
      'share-manage-info',
      'view-queue',
      'help-tour',
    ]);
  });

  it('centres the introduction on the page', () => {
    expect(TOUR_STEPS[0]).toMatchObject({ id: 'introduction', target: 'body', placement: 'center' });
  });

  it('points every other step at its data-tour element', () => {
    for (const step of TOUR_STEPS.slice(1)) {
      expect(step.target).toBe(`[data-tour="${step.id}"]`);
      expect(step.placement).not.toBe('center');
    }
  });

  it('gives every step a title and a text of its own', () => {
    for (const step of TOUR_STEPS) {
      expect(step.title.trim()).not.toBe('');
      expect(step.content.trim().length).toBeGreaterThan(20);
    }
    expect(new Set(TOUR_STEPS.map((step) => step.title)).size).toBe(13);
  });

  it('uses the SPEC §9 scroll offset and overlay z-index', () => {
    expect(TOUR_SCROLL_OFFSET).toBe(20);
    expect(TOUR_Z_INDEX).toBe(10000);
  });
});
