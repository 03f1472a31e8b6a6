/**
 * The SSRF guard (docs/decisions.md §16): in live, https only and public addresses only, checked
 * at creation and again at every delivery after resolving the name, with the connection made to
 * the address that was checked, so a name that answers differently later cannot reach loopback.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForbiddenAddress, type Resolver } from '../../src/modules/webhooks/index.js';
import { resolveChecked } from '../../src/modules/webhooks/ssrf.js';
import { buildTestApp, type TestApp, type TestPartner } from '../helpers/app.js';
import { testEngine } from '../helpers/engine.js';
import { emitEvents } from './helpers.js';

const LIVE = {
  ONPAY_ENV: 'live',
  ONPAY_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_BASE_URL: 'https://onpay.test',
  WEBHOOK_TIMEOUT_MS: '300',
};

const FORBIDDEN = {
  loopback: ['127.0.0.1', '127.255.0.9', '::1'],
  private: ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.10'],
  'link-local': ['169.254.10.10', 'fe80::1'],
  metadata: ['169.254.169.254', 'fd00:ec2::254'],
  'unique-local': ['fc00::1', 'fd12:3456::1'],
  CGNAT: ['100.64.0.1', '100.127.255.254'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
  unspecified: ['0.0.0.0', '::'],
  'IPv4-mapped IPv6': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::127.0.0.1',
  ],
  'IPv6 transition (6to4, Teredo, local NAT64)': [
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2001:0:4136:e378::1',
    '64:ff9b:1::a00:1',
  ],
};
const PUBLIC = ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'];

describe('forbidden addresses', () => {
  for (const [kind, addresses] of Object.entries(FORBIDDEN)) {
    it(`refuses ${kind}`, () => {
      for (const address of addresses) expect(isForbiddenAddress(address), address).toBe(true);
    });
  }
  it('accepts public addresses', () => {
    for (const address of PUBLIC) expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe(`the SSRF guard in live (${testEngine})`, () => {
  let t: TestApp;
  let acme: TestPartner;
  /** What each name resolves to; a function answers per call. */
  const names = new Map<string, string | ((call: number) => string | 'hang')>();
  const calls = new Map<string, number>();
  const resolver: Resolver = async (hostname) => {
    const n = (calls.get(hostname) ?? 0) + 1;
    calls.set(hostname, n);
    const answer = names.get(hostname);
    if (answer === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    const address = typeof answer === 'function' ? answer(n) : answer;
    // A resolver that never answers.
    if (address === 'hang') return new Promise(() => undefined);
    return [{ address, family: net.isIP(address) }];
  };
  /** A TCP listener on loopback that counts every connection made to it. */
  let loopback: net.Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    t = await buildTestApp({ env: LIVE, webhookResolver: resolver });
    acme = await t.partner('Acme');
    loopback = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    port = (loopback.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => loopback.close(resolve));
    await t.close();
  });

  const create = (url: string) =>
    t.as(acme, { method: 'POST', url: '/api/v1/webhook-endpoints', payload: { url, event_types: ['payout.*'] } });

  it('refuses http, and every forbidden address written into the URL', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      'http://partner.example/x',
      `https://localhost:${port}/x`,
      'https://app.localhost/x',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors.url).toBeDefined();
    }
    for (const address of Object.values(FORBIDDEN).flat()) {
      const host = net.isIPv6(address) ? `[${address}]` : address;
      const res = await create(`https://${host}/x`);
      expect(res.statusCode, address).toBe(422);
      expect(res.json()).toMatchObject({ errors: { url: [expect.stringContaining('public')] } });
    }
  });

  it('refuses a name that resolves to any forbidden address, 127.0.0.1 included', async () => {
    for (const [index, address] of Object.values(FORBIDDEN).flat().entries()) {
      names.set(`bad${index}.example`, address);
      const res = await create(`https://bad${index}.example/x`);
      expect(res.statusCode, address).toBe(422);
      // The partner learns the name is refused, never the (internal) address it resolved to.
      expect(res.json()).toMatchObject({
        errors: { url: [`url bad${index}.example does not resolve to a public address.`] },
      });
    }
    names.set('ok.example', '93.184.216.34');
    expect((await create('https://ok.example/x')).statusCode).toBe(201);
  });

  it('checks again at delivery: a name that resolved to a public address at creation and to 127.0.0.1 now reaches nothing', async () => {
    names.set('rebind.example', (call) => (call === 1 ? '93.184.216.34' : '127.0.0.1'));
    const res = await create(`https://rebind.example:${port}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json() as { id: number };
    await emitEvents(t, acme.partnerId, 1);
    await t.services.webhookWorker.runOnce();
    const attempts = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
    ).json() as { results: Array<{ error: string; status_code: null }> };
    expect(attempts.results[0]).toMatchObject({
      status_code: null,
      error: 'rebind.example does not resolve to a public address',
    });
    expect(connections).toBe(0);
    await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
  });

  it('connects to the address it checked: a resolver that answers public first and 127.0.0.1 the second time gets no second chance', async () => {
    // Every call after the first (at creation) answers: public at the delivery's check, loopback after.
    names.set('flip.example', (call) => (call <= 2 ? '93.184.216.34' : '127.0.0.1'));
    const res = await create(`https://flip.example:${port}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json() as { id: number };
    await emitEvents(t, acme.partnerId, 1);
    await t.services.webhookWorker.runOnce();
    // One resolution per delivery (the socket connects to the checked address, without asking again).
    expect(calls.get('flip.example')).toBe(2);
    expect(connections).toBe(0);
    const attempts = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
    ).json() as { results: Array<{ error: string }> };
    expect(attempts.results[0]!.error).not.toContain('127.0.0.1');
  });

  it('the delivery timeout covers the lookup: a resolver that never answers makes a timed-out attempt', async () => {
    names.set('slowdns.example', (call) => (call === 1 ? '93.184.216.34' : 'hang'));
    const res = await create(`https://slowdns.example:${port}/hook`);
    expect(res.statusCode, res.body).toBe(201);
    const endpoint = res.json() as { id: number };
    await emitEvents(t, acme.partnerId, 1);
    expect(await t.services.webhookWorker.runOnce()).toMatchObject({ attempts: 1 });
    const attempts = (
      await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
    ).json() as { results: Array<{ error: string; status_code: null; duration_ms: number }> };
    expect(attempts.results[0]).toMatchObject({ status_code: null, error: 'no answer within 300 ms' });
    expect(attempts.results[0]!.duration_ms).toBeLessThan(2_000);
    await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
  });

  it('bounds the lookup at creation too, and names no address when refusing', async () => {
    const hanging: Resolver = () => new Promise(() => undefined);
    await expect(resolveChecked('slow.example', { live: true }, hanging, 50)).rejects.toThrow('no answer within 50 ms');
    await expect(
      resolveChecked('inside.example', { live: true }, async () => [{ address: '10.1.2.3', family: 4 }], 50),
    ).rejects.toMatchObject({
      message: 'inside.example does not resolve to a public address',
      detail: 'inside.example resolves to 10.1.2.3, which is not a public address',
    });
    // A name that does not resolve (yet) is refused with the same words at delivery, and accepted at creation.
    await expect(resolveChecked('nowhere.example', { live: true }, resolver, 50)).rejects.toThrow(
      'nowhere.example does not resolve to a public address',
    );
    expect((await create('https://nowhere.example/x')).statusCode).toBe(201);
  });

  it('a sandbox accepts http to 127.0.0.1 and localhost, and https elsewhere, but not http elsewhere or private addresses', async () => {
    const sandbox = await buildTestApp();
    try {
      const partner = await sandbox.partner();
      const make = (url: string) =>
        sandbox.as(partner, {
          method: 'POST',
          url: '/api/v1/webhook-endpoints',
          payload: { url, event_types: ['payout.*'] },
        });
      for (const url of ['http://127.0.0.1:9999/x', 'http://localhost:9999/x', 'https://partner.example/x'])
        expect((await make(url)).statusCode, url).toBe(201);
      for (const url of ['http://partner.example/x', 'https://10.0.0.1/x', 'https://169.254.169.254/x'])
        expect((await make(url)).statusCode, url).toBe(422);
    } finally {
      await sandbox.close();
    }
  });
});
