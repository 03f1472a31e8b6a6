/**
 * Where a webhook may be sent (docs/decisions.md §16). In live: https only, and every address the
 * name resolves to, at delivery time, must be public; the connection then goes to the address that
 * was checked (the request's own `lookup`), so a name that answers differently the next time
 * (DNS rebinding) cannot reach anything else. The sandbox also accepts http to this machine
 * (127.0.0.1, ::1, localhost) for local receivers.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Resolves a host name to its addresses (the system resolver; tests give their own). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const forbiddenV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (169.254.169.254: cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  forbiddenV4.addSubnet(net, prefix, 'ipv4');
}

const forbiddenV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2001::', 32], // Teredo: tunnels to an IPv4 address
  ['2002::', 16], // 6to4: carries an IPv4 address (2002:7f00:1:: is 127.0.0.1's)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['fc00::', 7], // unique-local (fd00:ec2::254: cloud metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  forbiddenV6.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped, -compatible or NAT64), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True when the address is not a public unicast one (loopback, private, link-local, metadata, …). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbiddenV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(address);
    if (v4 !== null) return forbiddenV4.check(v4, 'ipv4');
    // The rest of ::/96 (IPv4-compatible written in hex) and ::ffff:0:0/96 are never public.
    if (forbiddenV6.check(address, 'ipv6')) return true;
    return /^::(ffff:)?[0-9a-f]{0,4}(:[0-9a-f]{0,4})?$/i.test(address);
  }
  return true;
}

export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  const v4 = embeddedV4(address);
  return address === '::1' || (v4 !== null && v4.startsWith('127.'));
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface UrlRules {
  /** Live: https only, public addresses only. */
  live: boolean;
}

/** The URL's host without IPv6 brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * The URL's form (before any resolution): null when acceptable, else why not (for the 422).
 */
export function urlProblem(raw: string, rules: UrlRules): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute https:// URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https:// URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.hash) return 'must not carry a fragment';
  const local = LOCAL_NAMES.has(url.hostname);
  if (url.protocol === 'http:' && (rules.live || !local)) {
    return rules.live
      ? 'must be an https:// URL'
      : 'must be an https:// URL (the sandbox accepts http only to 127.0.0.1 or localhost)';
  }
  const host = bareHost(url);
  if (isIP(host) !== 0 && isForbiddenAddress(host) && (rules.live || !isLoopbackAddress(host))) {
    return `must name a public address (${host} is not one)`;
  }
  if (rules.live && (local || host.endsWith('.localhost'))) return 'must name a public host';
  return null;
}

/**
 * Thrown when a destination is refused; the attempt (and the 422) records the message, which names the
 * host only: what it resolved to (an internal address, say) is in `detail`, for the server's log.
 */
export class ForbiddenDestination extends Error {
  constructor(
    host: string,
    /** False when the name did not resolve at all (the resolver failed or gave no address). */
    readonly resolved: boolean,
    readonly detail: string,
  ) {
    super(`${host} does not resolve to a public address`);
    this.name = 'ForbiddenDestination';
  }
}

/** Thrown when the resolver did not answer in time (the same words as a receiver that does not answer). */
export class LookupTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'LookupTimeout';
  }
}

/** The resolver's answer, or LookupTimeout after `timeoutMs`. */
async function lookupWithin(
  host: string,
  resolve: Resolver,
  timeoutMs: number,
): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LookupTimeout(timeoutMs)), Math.max(0, timeoutMs));
  });
  try {
    return await Promise.race([resolve(host), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves the host (within `timeoutMs`) and checks every address; returns the one to connect to.
 * Refuses forbidden addresses (loopback allowed in the sandbox only).
 */
export async function resolveChecked(
  host: string,
  rules: UrlRules,
  resolve: Resolver,
  timeoutMs: number,
): Promise<{ address: string; family: number }> {
  const literal = isIP(host);
  let answers: Array<{ address: string; family: number }>;
  if (literal !== 0) answers = [{ address: host, family: literal }];
  else {
    try {
      answers = await lookupWithin(host, resolve, timeoutMs);
    } catch (error) {
      if (error instanceof LookupTimeout) throw error;
      throw new ForbiddenDestination(host, false, error instanceof Error ? error.message : String(error));
    }
  }
  if (answers.length === 0) throw new ForbiddenDestination(host, false, `${host} resolves to no address`);
  for (const answer of answers) {
    if (isForbiddenAddress(answer.address) && (rules.live || !isLoopbackAddress(answer.address))) {
      throw new ForbiddenDestination(
        host,
        true,
        `${host} resolves to ${answer.address}, which is not a public address`,
      );
    }
  }
  return answers[0]!;
}
