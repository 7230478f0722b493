import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { botReason } from './bot-detection.ts';
import { redirectTarget } from './links.routes.ts';

const request = (method: string, headers: Record<string, string>) => ({
  method,
  get: (name: string) => headers[name.toLowerCase()],
});

describe('short link bot detection', () => {
  test('counts an ordinary browser request as a person', () => {
    const browsers = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ];
    for (const agent of browsers) assert.equal(botReason(request('GET', { 'user-agent': agent })), null, agent);
  });

  test('marks crawlers, previewers, scripts, headless browsers and missing agents', () => {
    const bots = [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Baiduspider',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'Twitterbot/1.0',
      'curl/8.5.0',
      'Wget/1.21',
      'python-requests/2.31.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'Some Link Preview fetcher',
      'AhrefsCrawler',
    ];
    for (const agent of bots) assert.ok(botReason(request('GET', { 'user-agent': agent })), agent);
    assert.equal(botReason(request('GET', {})), 'missing user agent');
    assert.equal(botReason(request('GET', { 'user-agent': '   ' })), 'missing user agent');
  });

  test('marks HEAD requests and browser prefetches whatever their agent', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    assert.equal(botReason(request('HEAD', { 'user-agent': agent })), 'HEAD request');
    assert.equal(botReason(request('GET', { 'user-agent': agent, 'sec-purpose': 'prefetch;prerender' })), 'prefetch request');
  });
});

describe('short link redirect target', () => {
  test('prefers the enhanced url and accepts only http(s) urls', () => {
    assert.equal(redirectTarget({ url: 'https://example.com/a', enhanced_url: null }), 'https://example.com/a');
    assert.equal(redirectTarget({ url: 'https://example.com/a', enhanced_url: 'https://example.com/a?utm_source=crossfeed' }), 'https://example.com/a?utm_source=crossfeed');
    assert.equal(redirectTarget({ url: 'javascript:alert(1)', enhanced_url: null }), null);
    assert.equal(redirectTarget({ url: 'https://example.com/a', enhanced_url: 'JavaScript:alert(1)' }), null);
    assert.equal(redirectTarget({ url: 'data:text/html,<script>alert(1)</script>', enhanced_url: null }), null);
    assert.equal(redirectTarget({ url: ' https://example.com/a', enhanced_url: null }), null);
    assert.equal(redirectTarget({ url: 'https://example.com/a b', enhanced_url: null }), 'https://example.com/a%20b');
  });
});
