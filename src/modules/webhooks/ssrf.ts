/**
 * Where a webhook may be sent (docs/decisions.md §16). In live: https only, and every address the
 * name resolves to, at delivery time, must be public; the connection then goes to the address that
 * was checked (the request's own `lookup`), so a name that answers differently the next time
 * (DNS rebinding) cannot reach anything else. The sandbox also accepts http to this machine
 * (127.0.0.1, ::1, localhost) for local receivers.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Resolves a host name to its addresses (the system resolver; tests give their own). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const cidrs = (list: string[]) => list.map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

/** Global unicast: the only IPv6 space a receiver can be in (besides IPv4 carried in IPv6, below). */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Inside 2000::/3, refused besides what ipaddr.js names: the IETF assignments (Teredo 2001::/32
 * tunnels to an IPv4 address, benchmarking, ORCHID, AMT, …), documentation, 6to4 (carries an IPv4
 * address: 2002:7f00:1:: is 127.0.0.1's), segment-routing SIDs.
 */
const EXTRA_V6 = cidrs(['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20', '5f00::/16']);

/** IPv6 forms that carry an IPv4 address the socket ends up at: IPv4-mapped and NAT64's well-known prefix. */
const CARRIES_V4 = cidrs(['::ffff:0:0/96', '64:ff9b::/96']);

/**
 * The address parsed, or null when it is not one Node would connect to as written. IPv6 is spelled
 * canonically first by the WHATWG URL parser: ipaddr.js reads `::1.2.3.4` (IPv4-compatible,
 * ::102:304) as IPv4-mapped, and one address must get one answer however it is written. A zone id
 * (`fe80::1%eth0`) does not parse: a scoped address is never public.
 */
function parse(address: string): IPv4 | IPv6 | null {
  const family = isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address);
  if (family !== 6) return null;
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  return ipaddr.IPv6.parse(canonical);
}

/** The IPv4 address an IPv4-mapped or NAT64 (64:ff9b::/96) address carries; null for any other. */
function carriedV4(address: IPv6): IPv4 | null {
  if (!CARRIES_V4.some((range) => address.match(range))) return null;
  const [high, low] = address.parts.slice(6) as [number, number];
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

/** Anything ipaddr.js puts in a special range (private, loopback, link-local, CGNAT, multicast, broadcast, reserved, documentation, benchmarking, …). */
function forbiddenV4(address: IPv4): boolean {
  return address.range() !== 'unicast';
}

function forbiddenV6(address: IPv6): boolean {
  const v4 = carriedV4(address);
  if (v4) return forbiddenV4(v4);
  // Outside 2000::/3: loopback, unspecified, IPv4-compatible (::/96) and -translated (::ffff:0:0:0/96),
  // local-use NAT64 (64:ff9b:1::/48), discard, unique-local (fd00:ec2::254: cloud metadata), link-local,
  // site-local, multicast, and whatever is not allocated.
  if (!address.match(GLOBAL_UNICAST)) return true;
  return address.range() !== 'unicast' || EXTRA_V6.some((range) => address.match(range));
}

/**
 * True when the address is not a public unicast one (loopback, private, link-local, metadata, …),
 * whatever its spelling (compressed or not, leading zeros, either case, IPv4 written in IPv6).
 */
export function isForbiddenAddress(address: string): boolean {
  const parsed = parse(address);
  if (parsed === null) return true;
  return parsed.kind() === 'ipv4' ? forbiddenV4(parsed as IPv4) : forbiddenV6(parsed as IPv6);
}

/** Loopback: 127/8, ::1, and 127/8 written IPv4-mapped (what the sandbox allows for local receivers). */
export function isLoopbackAddress(address: string): boolean {
  const parsed = parse(address);
  if (parsed === null) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'loopback';
  const v6 = parsed as IPv6;
  if (v6.range() === 'loopback') return true;
  return v6.isIPv4MappedAddress() && v6.toIPv4Address().range() === 'loopback';
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
