import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockedAddressReason, isLoopbackAddress, WEBHOOK_URL_MESSAGES, webhookUrlReason } from './webhook-address.ts';

const prod = { allowLoopback: false };
const dev = { allowLoopback: true };

test('public addresses may be delivered to, IPv4 and IPv6', () => {
  for (const ip of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8']) {
    assert.equal(blockedAddressReason(ip, prod), null, ip);
  }
});

test('private, link-local, unique-local, CGNAT, multicast and unspecified addresses are refused, loopback allowed or not', () => {
  const blocked = [
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '224.0.0.1',
    '0.0.0.0',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a00:1',
  ];
  for (const ip of blocked) {
    assert.equal(blockedAddressReason(ip, prod), WEBHOOK_URL_MESSAGES.privateAddress, ip);
    assert.equal(blockedAddressReason(ip, dev), WEBHOOK_URL_MESSAGES.privateAddress, `${ip} (not production)`);
  }
  for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
    assert.equal(blockedAddressReason(ip, prod), WEBHOOK_URL_MESSAGES.privateAddress, ip);
    assert.equal(blockedAddressReason(ip, dev), null, `${ip} (not production)`);
    assert.ok(isLoopbackAddress(ip), ip);
  }
  assert.ok(!isLoopbackAddress('10.0.0.1'));
});

test('what is not an IP address is refused', () => {
  for (const value of ['example.com', '', '1.2.3', '999.1.1.1', 'not:an:ip']) assert.equal(blockedAddressReason(value, dev), WEBHOOK_URL_MESSAGES.notAnAddress, value);
});

test('an endpoint URL is https to the public web, at most 2048 characters', () => {
  const prodUrl = { allowLoopbackHttp: false };
  assert.equal(webhookUrlReason('https://hooks.example.com/crossfeed', prodUrl), null);
  assert.equal(webhookUrlReason('http://hooks.example.com/crossfeed', prodUrl), WEBHOOK_URL_MESSAGES.notHttps);
  assert.equal(webhookUrlReason(`https://hooks.example.com/${'a'.repeat(2030)}`, prodUrl), WEBHOOK_URL_MESSAGES.tooLong);
  assert.equal(webhookUrlReason(`https://hooks.example.com/${'a'.repeat(2048 - 26)}`, prodUrl), null);
  assert.equal(webhookUrlReason('http://10.0.0.1/', prodUrl), WEBHOOK_URL_MESSAGES.privateAddress);
  assert.equal(webhookUrlReason('https://169.254.169.254/latest', prodUrl), WEBHOOK_URL_MESSAGES.privateAddress);
  assert.match(webhookUrlReason('https://user:pass@hooks.example.com/', prodUrl) ?? '', /user name or password/);
  assert.match(webhookUrlReason('ftp://hooks.example.com/', prodUrl) ?? '', /http\(s\) link/);
  assert.equal(webhookUrlReason('http://127.0.0.1:4000/hook', prodUrl), WEBHOOK_URL_MESSAGES.privateAddress);
});

test('outside production a loopback receiver is accepted, over http too; other private hosts are not', () => {
  const devUrl = { allowLoopbackHttp: true };
  for (const url of ['http://127.0.0.1:4000/hook', 'http://localhost:4000/hook', 'http://[::1]:4000/', 'https://127.0.0.1/']) assert.equal(webhookUrlReason(url, devUrl), null, url);
  assert.equal(webhookUrlReason('http://10.0.0.1/', devUrl), WEBHOOK_URL_MESSAGES.privateAddress);
  assert.equal(webhookUrlReason('http://192.168.0.10/', devUrl), WEBHOOK_URL_MESSAGES.privateAddress);
  assert.match(webhookUrlReason('http://user:pw@127.0.0.1/', devUrl) ?? '', /user name or password/);
  assert.equal(webhookUrlReason('http://hooks.example.com/', devUrl), WEBHOOK_URL_MESSAGES.notHttps);
});
