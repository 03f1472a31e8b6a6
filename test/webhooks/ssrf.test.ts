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
  // Every spelling of every forbidden address is tried through the API.
  RATE_LIMIT_PER_MINUTE: '100000',
};

/** The eight 16-bit groups of an IPv6 address whose last 32 bits are `v4`. */
function groupsWith(prefix: number[], v4: string): number[] {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  return [...prefix, (a << 8) | b, (c << 8) | d];
}

/**
 * Every way to write one IPv6 address: compressed, uncompressed, with leading zeros, in upper case,
 * and (when it carries an IPv4 address in its last 32 bits) with that address dotted.
 */
function spellings(groups: number[], dottedTail = true): string[] {
  const hex = groups.map((g) => g.toString(16));
  const padded = groups.map((g) => g.toString(16).padStart(4, '0'));
  const compress = (parts: string[]) => {
    // The longest run of zero groups (two at least) becomes '::'.
    let best = [-1, 0];
    for (let i = 0; i < parts.length; i++) {
      let j = i;
      while (j < parts.length && /^0+$/.test(parts[j]!)) j++;
      if (j - i > best[1]! && j - i > 1) best = [i, j - i];
    }
    if (best[0]! < 0) return parts.join(':');
    return `${parts.slice(0, best[0]).join(':')}::${parts.slice(best[0]! + best[1]!).join(':')}`;
  };
  const forms = [compress(hex), hex.join(':'), padded.join(':'), padded.join(':').toUpperCase(), compress(padded)];
  if (dottedTail) {
    const v4 = `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
    const head = hex.slice(0, 6);
    forms.push(compress([...head, 'v4']).replace('v4', v4));
    forms.push(`${head.join(':')}:${v4}`, `${padded.slice(0, 6).join(':').toUpperCase()}:${v4}`);
  }
  return [...new Set(forms)];
}

/** IPv4 addresses that must never be reached, however they are written in IPv6. */
const INTERNAL_V4 = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.1.10', '172.16.5.4', '100.64.0.1', '0.0.0.0'];

/** Every IPv6 form that carries an IPv4 address (in its last 32 bits). */
const CARRIERS: Record<string, number[]> = {
  'IPv4-mapped (::ffff:0:0/96)': [0, 0, 0, 0, 0, 0xffff],
  'IPv4-translated (::ffff:0:0:0/96)': [0, 0, 0, 0, 0xffff, 0],
  'IPv4-compatible (::/96)': [0, 0, 0, 0, 0, 0],
  'NAT64 (64:ff9b::/96)': [0x64, 0xff9b, 0, 0, 0, 0],
  'local-use NAT64 (64:ff9b:1::/48)': [0x64, 0xff9b, 1, 0, 0, 0],
};

const FORBIDDEN: Record<string, string[]> = {
  loopback: ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '0000:0000:0000:0000:0000:0000:0000:0001'],
  private: ['10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.10'],
  'link-local': ['169.254.10.10', 'fe80::1', 'FE80:0000:0000:0000:0000:0000:0000:0001', 'fe80::1%eth0'],
  metadata: ['169.254.169.254', 'fd00:ec2::254', 'FD00:0EC2:0000:0000:0000:0000:0000:0254'],
  'unique-local': ['fc00::1', 'fd12:3456::1'],
  CGNAT: ['100.64.0.1', '100.127.255.254'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
  unspecified: ['0.0.0.0', '::', '0:0:0:0:0:0:0:0'],
  reserved: ['240.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.0.8', '192.0.2.1', '2001:db8::1', '3fff::1'],
  ...Object.fromEntries(
    Object.entries(CARRIERS).map(([kind, prefix]) => [
      kind,
      INTERNAL_V4.flatMap((v4) => spellings(groupsWith(prefix, v4))),
    ]),
  ),
  // 6to4 carries the IPv4 address in bits 16-47; Teredo the (inverted) client address: both refused whole.
  '6to4 (2002::/16)': INTERNAL_V4.flatMap((v4) => spellings([0x2002, ...groupsWith([], v4), 0, 0, 0, 0, 1], false)),
  'Teredo (2001::/32)': ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0000:4136:E378:8000:63BF:80FF:FFFE', '2001::1'],
};
const PUBLIC = [
  '93.184.216.34',
  '8.8.8.8',
  '1.1.1.1',
  '2606:2800:220:1:248:1893:25c8:1946',
  '2606:4700::1111',
  '2606:4700:0000:0000:0000:0000:0000:1111',
  '2606:4700:0:0:0:0:0:1111',
  '2606:2800:220:1:248:1893:25C8:1946',
  // An IPv4 address written IPv4-mapped or through NAT64 reaches that address: public is public.
  ...spellings(groupsWith(CARRIERS['IPv4-mapped (::ffff:0:0/96)']!, '93.184.216.34')),
  ...spellings(groupsWith(CARRIERS['NAT64 (64:ff9b::/96)']!, '1.1.1.1')),
];

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
      // A zone id is no URL at all (refused as such); every other form as no public address.
      if (!address.includes('%'))
        expect(res.json(), address).toMatchObject({ errors: { url: [expect.stringContaining('public')] } });
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

  it('at delivery, loopback written in any IPv6 spelling reaches nothing either', async () => {
    // IPv4-mapped 127.0.0.1 connects to the loopback listener if let through; each spelling must be refused.
    for (const [index, spelling] of [
      '0:0:0:0:0:ffff:7f00:1',
      '0000:0000:0000:0000:0000:FFFF:7F00:0001',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::FFFF:127.0.0.1',
    ].entries()) {
      const host = `spelled${index}.example`;
      names.set(host, (call) => (call === 1 ? '93.184.216.34' : spelling));
      const res = await create(`https://${host}:${port}/hook`);
      expect(res.statusCode, res.body).toBe(201);
      const endpoint = res.json() as { id: number };
      await emitEvents(t, acme.partnerId, 1);
      await t.services.webhookWorker.runOnce();
      const attempts = (
        await t.as(acme, { method: 'GET', url: `/api/v1/webhook-endpoints/${endpoint.id}/deliveries` })
      ).json() as { results: Array<{ error: string; status_code: null }> };
      expect(attempts.results[0], spelling).toMatchObject({
        status_code: null,
        error: `${host} does not resolve to a public address`,
      });
      await t.as(acme, { method: 'DELETE', url: `/api/v1/webhook-endpoints/${endpoint.id}` });
    }
    expect(connections).toBe(0);
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
