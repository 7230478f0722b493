/**
 * The built UI as the server sends it (issue 13, item 14): the precompressed variant the client accepts
 * (brotli, else gzip, else the file itself) with the file's Content-Type and `Vary: Accept-Encoding`; a
 * year of immutable cache for hashed assets, `no-cache` for index.html; no source maps in production.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createLogger } from '@crossfeed/platform/logger.ts';
import { createApp } from './app.ts';
import { createHash } from 'node:crypto';
import { allowScripts, chooseEncoding, inlineScriptHashes } from './static-ui.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or HEAD) with exactly the given headers, body left as sent (node:http does not decompress). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const ENTRY = `${'export const greeting = "hello from the entry chunk";\n'.repeat(60)}`;
const STYLE = `${'.card { color: #4f46e5; padding: 1rem; }\n'.repeat(60)}`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<!-- filler -->'.repeat(100)}<div id="root"></div></body></html>`;

function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-static-ui-'));
  const assets = path.join(dist, 'assets');
  fs.mkdirSync(assets);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  fs.writeFileSync(path.join(assets, 'index-abc123.js'), ENTRY);
  fs.writeFileSync(path.join(assets, 'index-abc123.js.br'), brotliCompressSync(ENTRY));
  fs.writeFileSync(path.join(assets, 'index-abc123.js.gz'), gzipSync(ENTRY));
  // Only a gzip variant: a brotli client gets gzip.
  fs.writeFileSync(path.join(assets, 'index-abc123.css'), STYLE);
  fs.writeFileSync(path.join(assets, 'index-abc123.css.gz'), gzipSync(STYLE));
  // Too small to compress: no variants, no Vary.
  fs.writeFileSync(path.join(assets, 'tiny-abc123.js'), 'export {};\n');
  fs.writeFileSync(path.join(assets, 'tiny-abc123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

async function serve(dist: string, production: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(createApp({ logger: createLogger({ level: 'silent' }), isReady: () => true, uiDir: dist, production }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the built UI, precompressed', () => {
  let dist: string;
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    dist = writeDist();
    server = await serve(dist, true);
  });
  after(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  test('a client that accepts br gets the brotli bytes, typed as JavaScript, cached for a year', async () => {
    const answer = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.match(answer.headers['content-type'] ?? '', /^text\/javascript; charset=utf-8$/);
    assert.match(answer.headers.vary ?? '', /Accept-Encoding/);
    assert.equal(answer.headers['cache-control'], IMMUTABLE);
    assert.equal(Number(answer.headers['content-length']), answer.body.length);
    assert.ok(answer.body.length < ENTRY.length / 5, `${answer.body.length} bytes for ${ENTRY.length}`);
    assert.equal(brotliDecompressSync(answer.body).toString('utf8'), ENTRY);
  });

  test('a client that accepts gzip only gets the gzip bytes', async () => {
    const answer = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'gzip, deflate' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'gzip');
    assert.match(answer.headers['content-type'] ?? '', /^text\/javascript/);
    assert.match(answer.headers.vary ?? '', /Accept-Encoding/);
    assert.equal(answer.headers['cache-control'], IMMUTABLE);
    assert.equal(gunzipSync(answer.body).toString('utf8'), ENTRY);
  });

  test('a client that accepts no encoding gets the file itself, still with Vary and the long cache', async () => {
    const cases: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of cases) {
      const answer = await get(`${server.url}/assets/index-abc123.js`, headers);
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-encoding'], undefined, JSON.stringify(headers));
      assert.match(answer.headers.vary ?? '', /Accept-Encoding/);
      assert.equal(answer.headers['cache-control'], IMMUTABLE);
      assert.equal(answer.body.toString('utf8'), ENTRY);
    }
  });

  test('brotli refused by q=0 falls back to gzip; a file with only a gzip variant sends gzip to a br client', async () => {
    const refused = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'br;q=0, gzip' });
    assert.equal(refused.headers['content-encoding'], 'gzip');
    const css = await get(`${server.url}/assets/index-abc123.css`, { 'accept-encoding': 'br, gzip' });
    assert.equal(css.status, 200);
    assert.equal(css.headers['content-encoding'], 'gzip');
    assert.match(css.headers['content-type'] ?? '', /^text\/css/);
    assert.equal(gunzipSync(css.body).toString('utf8'), STYLE);
  });

  test('HEAD answers the headers of the variant without a body', async () => {
    const answer = await get(`${server.url}/assets/index-abc123.js`, { 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], 'br');
    assert.equal(Number(answer.headers['content-length']), brotliCompressSync(ENTRY).length);
    assert.equal(answer.body.length, 0);
  });

  test('a file without variants is sent as it is, without Vary, with the long cache', async () => {
    const answer = await get(`${server.url}/assets/tiny-abc123.js`, { 'accept-encoding': 'br, gzip' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.equal(answer.headers.vary, undefined);
    assert.equal(answer.headers['cache-control'], IMMUTABLE);
    assert.equal(answer.body.toString('utf8'), 'export {};\n');
  });

  test('index.html, for any client-side route, is compressed and revalidated on every load', async () => {
    for (const route of ['/', '/waitlist', '/app/home']) {
      const br = await get(`${server.url}${route}`, { 'accept-encoding': 'gzip, br' });
      assert.equal(br.status, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(br.headers['content-type'] ?? '', /^text\/html; charset=utf-8$/);
      assert.equal(br.headers['cache-control'], 'no-cache');
      assert.match(br.headers.vary ?? '', /Accept-Encoding/);
      assert.equal(brotliDecompressSync(br.body).toString('utf8'), INDEX);
    }
    const plain = await get(`${server.url}/app/home`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers['cache-control'], 'no-cache');
    assert.equal(plain.body.toString('utf8'), INDEX);
  });

  test('a page the build listed gets index.html with hints for its own chunks and styles, compressed', async () => {
    const preloads = {
      '/waitlist': { js: ['/assets/waitlist-abc123.js', '/assets/modal-abc123.js'], css: ['/assets/waitlist-abc123.css'] },
      // Anything but a built asset path is never written into the page.
      '/pricing': { js: ['/assets/pricing-abc123.js', 'https://evil.example/x.js', '/assets/"><script>x</script>'], css: [] },
    };
    fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify(preloads));
    // A new build: index.html changes with it, and the hints are read again.
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const future = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), future, future);
    try {
      const hints =
        '<link rel="preload" as="style" href="/assets/waitlist-abc123.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/waitlist-abc123.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/modal-abc123.js">';
      for (const route of ['/waitlist', '/waitlist/']) {
        const br = await get(`${server.url}${route}`, { 'accept-encoding': 'gzip, br' });
        assert.equal(br.status, 200);
        assert.equal(br.headers['content-encoding'], 'br');
        assert.equal(br.headers['cache-control'], 'no-cache');
        assert.match(br.headers.vary ?? '', /Accept-Encoding/);
        assert.equal(brotliDecompressSync(br.body).toString('utf8'), INDEX.replace('</head>', `${hints}</head>`));
      }
      const gzip = await get(`${server.url}/waitlist`, { 'accept-encoding': 'gzip' });
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(gunzipSync(gzip.body).toString('utf8'), INDEX.replace('</head>', `${hints}</head>`));
      const pricing = await get(`${server.url}/pricing`);
      assert.equal(pricing.headers['content-encoding'], undefined);
      assert.equal(pricing.body.toString('utf8'), INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/pricing-abc123.js"></head>'));
      // A page not in the list: index.html as built.
      const other = await get(`${server.url}/app/home`, { 'accept-encoding': 'br' });
      assert.equal(brotliDecompressSync(other.body).toString('utf8'), INDEX);
    } finally {
      fs.rmSync(path.join(dist, 'route-preloads.json'));
      fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    }
  });

  test('a missing asset is a 404 without a compression header, not index.html', async () => {
    const answer = await get(`${server.url}/assets/missing-abc123.js`, { 'accept-encoding': 'br' });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.notEqual(answer.body.toString('utf8'), INDEX);
  });

  test('production serves no source map, whatever the encoding asked', async () => {
    const answer = await get(`${server.url}/assets/tiny-abc123.js.map`, { 'accept-encoding': 'br' });
    assert.equal(answer.status, 404);
    assert.deepEqual(JSON.parse(answer.body.toString('utf8')), { detail: 'Not Found' });
  });

  test('an API path is not answered with index.html', async () => {
    const answer = await get(`${server.url}/content/nothing-here`, { 'accept-encoding': 'br' });
    assert.equal(answer.status, 404);
    assert.equal(answer.headers['content-encoding'], undefined);
    assert.match(answer.headers['content-type'] ?? '', /application\/json/);
  });
});

describe('prerendered pages and inline scripts', () => {
  const EARLY = "(function(){window.__early=location.pathname})();";
  const BUILT =
    '<!doctype html><html><head><title>Crossfeed</title><script type="module" src="/assets/index-abc123.js"></script>' +
    `<!--page-hints--><script>${EARLY}</script><link rel="stylesheet" href="/assets/style-abc123.css"></head>` +
    '<body><div id="root"></div></body></html>';
  const HASH = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;
  let dist: string;
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'crossfeed-static-ui-pages-'));
    fs.writeFileSync(path.join(dist, 'index.html'), BUILT);
    fs.writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ '/waitlist': { js: ['/assets/waitlist-abc123.js'], css: [] } }));
    fs.writeFileSync(
      path.join(dist, 'prerendered.json'),
      JSON.stringify({ '/waitlist': { title: 'Waitlist · Crossfeed <beta>', html: '<div class="app-shell"><h2>Reserve your spot</h2></div>' } }),
    );
    server = await serve(dist, true);
  });
  after(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const scriptSrc = (answer: Answer) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1] ?? '';

  test('a prerendered page arrives with its markup in #root, its title, and its hints where the build marked them', async () => {
    const answer = await get(`${server.url}/waitlist`, { 'accept-encoding': 'br' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'no-cache');
    assert.equal(
      brotliDecompressSync(answer.body).toString('utf8'),
      BUILT.replace('<title>Crossfeed</title>', '<title>Waitlist · Crossfeed &lt;beta&gt;</title>')
        .replace('<!--page-hints-->', '<link rel="modulepreload" crossorigin href="/assets/waitlist-abc123.js">')
        .replace('<div id="root"></div>', '<div id="root"><div class="app-shell"><h2>Reserve your spot</h2></div></div>'),
    );
  });

  test("every page's Content-Security-Policy allows index.html's inline script by its hash, and no other inline script", async () => {
    for (const route of ['/waitlist', '/app/home', '/index.html']) {
      const answer = await get(`${server.url}${route}`);
      assert.equal(answer.status, 200, route);
      assert.match(answer.headers['content-type'] ?? '', /^text\/html/, route);
      const sources = scriptSrc(answer).split(/\s+/);
      assert.ok(sources.includes(HASH), `${route}: ${scriptSrc(answer)}`);
      assert.ok(sources.includes("'self'"), route);
      assert.ok(!sources.includes("'unsafe-inline'"), route);
    }
    // A path the build did not list: index.html as built (its hints marker is a comment).
    assert.equal((await get(`${server.url}/app/home`)).body.toString('utf8'), BUILT);
  });

  test('an API answer keeps the policy as configured', async () => {
    const answer = await get(`${server.url}/content/nothing-here`);
    assert.equal(answer.status, 404);
    assert.ok(!scriptSrc(answer).includes('sha256'));
  });

  test('the hashes are those of inline scripts only, and a policy gets them in script-src (or one made from default-src)', () => {
    const html = `<script src="/a.js"></script><script>${EARLY}</script><script type="module" src="/b.js"></script><script></script>`;
    assert.deepEqual(inlineScriptHashes(html), [HASH]);
    assert.equal(allowScripts("default-src 'self';script-src 'self' https://js.stripe.com;img-src 'self'", [HASH]), `default-src 'self';script-src 'self' https://js.stripe.com ${HASH};img-src 'self'`);
    assert.equal(allowScripts("default-src 'self'; img-src data:", [HASH]), `default-src 'self';img-src data:;script-src 'self' ${HASH}`);
    assert.equal(allowScripts("img-src 'self'", [HASH]), "img-src 'self'");
    assert.equal(allowScripts("script-src 'self'", []), "script-src 'self'");
  });
});

describe('choosing the encoding from Accept-Encoding', () => {
  test('the highest q-value, brotli before gzip when alike, then none; q=0 refuses; * stands for the rest', () => {
    assert.equal(chooseEncoding('gzip, deflate, br', ['br', 'gzip']), 'br');
    assert.equal(chooseEncoding('gzip;q=1.0, br;q=0.5', ['br', 'gzip']), 'gzip');
    assert.equal(chooseEncoding('gzip;q=0.5, br;q=0.8', ['br', 'gzip']), 'br');
    assert.equal(chooseEncoding('br;q=0, gzip', ['br', 'gzip']), 'gzip');
    assert.equal(chooseEncoding('BR', ['gzip']), null);
    assert.equal(chooseEncoding('*', ['br', 'gzip']), 'br');
    assert.equal(chooseEncoding('*, br;q=0', ['br', 'gzip']), 'gzip');
    assert.equal(chooseEncoding('identity', ['br', 'gzip']), null);
    assert.equal(chooseEncoding('', ['br', 'gzip']), null);
    assert.equal(chooseEncoding(undefined, ['br', 'gzip']), null);
    assert.equal(chooseEncoding('gzip;q=0.001', ['gzip']), 'gzip');
  });
});
