import { afterEach, describe, expect, it } from 'vitest';
import { trackPageView } from './analytics';

const gtagScripts = () => document.head.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]');

describe('analytics', () => {
  afterEach(() => {
    gtagScripts().forEach((script) => script.remove());
  });

  it('loads nothing and sends nothing without a measurement id', () => {
    trackPageView('/pricing', null);

    expect(gtagScripts()).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
  });

  it('loads gtag once and queues a page_view per route change', () => {
    trackPageView('/waitlist', 'G-TEST123');
    trackPageView('/pricing?plan=premium', 'G-TEST123');

    expect(gtagScripts()).toHaveLength(1);
    expect(gtagScripts()[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    const pageViews = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter(([command, name]) => command === 'event' && name === 'page_view')
      .map(([, , params]) => (params as { page_path: string }).page_path);
    expect(pageViews).toEqual(['/waitlist', '/pricing?plan=premium']);
  });
});
