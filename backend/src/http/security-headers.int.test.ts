import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { HELMET_OPTIONS, securityHeaders } from './app.ts';

async function headersOf(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.disable('x-powered-by');
  app.use(middleware);
  app.get('/', (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

test('the recorded security headers are exactly what helmet sets on an answer', async () => {
  const recorded = await headersOf(securityHeaders());
  const live = await headersOf(helmet(HELMET_OPTIONS));
  assert.deepEqual(recorded, live);
  assert.equal(recorded['x-content-type-options'], 'nosniff');
  assert.match(recorded['content-security-policy'] ?? '', /script-src 'self' https:\/\/js\.stripe\.com/);
});
