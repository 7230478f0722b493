import { describe, expect, it } from 'vitest';
import { shouldRunTour } from './should-run-tour';

const ready = { pathname: '/app/home', profileCompleted: true, hasCompletedTour: false };

describe('shouldRunTour', () => {
  it('runs on /app/home for a completed profile and a tour not completed', () => {
    expect(shouldRunTour(ready)).toBe(true);
    expect(shouldRunTour({ ...ready, pathname: '/app/home/' })).toBe(true);
  });

  it('does not run once the tour is completed', () => {
    expect(shouldRunTour({ ...ready, hasCompletedTour: true })).toBe(false);
  });

  it('does not run before the profile is completed', () => {
    expect(shouldRunTour({ ...ready, profileCompleted: false })).toBe(false);
  });

  it('does not run anywhere but /app/home', () => {
    for (const pathname of ['/app/profile-builder', '/app', '/', '/app/homepage', '/pricing']) {
      expect(shouldRunTour({ ...ready, pathname })).toBe(false);
    }
  });
});
