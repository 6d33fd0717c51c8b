/**
 * The address a request came from, for every per-address limit (sign-in throttles, the data API's
 * rate, sockets). Behind reverse proxies every request comes from a proxy, which names the client
 * in X-Forwarded-For; the header is believed only when the connection comes from an address the
 * operator named in TRUST_PROXY, and only back to the first hop that is not one of them: the
 * right-most address a trusted proxy did not add. Anyone else could write any address there.
 *
 * Limits count an IPv6 client by its /64 network (addressKey): a subscriber gets a whole /64 and
 * can rotate addresses inside it freely, as an IPv4 household cannot.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  /** The addresses and networks as the operator wrote them, e.g. ['127.0.0.1', '10.0.0.0/8']. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/** Trusting no proxy: the connection's own address is the client's. */
export const NO_PROXIES: TrustedProxies = trustedProxies([]);

/** A proxy on this machine (nginx in front, or a test speaking for several addresses). */
export const LOOPBACK_PROXIES: TrustedProxies = trustedProxies(['127.0.0.1', '::1']);

export const TRUST_PROXY_SYNTAX = 'the proxies\' addresses or networks, comma-separated, e.g. TRUST_PROXY=127.0.0.1 for nginx on this machine, or 127.0.0.1,10.0.0.0/8';

/**
 * Reads TRUST_PROXY: empty or 0 trusts nobody. `1` (any address) is refused rather than guessed
 * at: on a node reachable directly it let every request name its own address, and mapping it to
 * loopback would silently count every client of a proxy on another machine as one.
 */
export function parseTrustedProxies(setting: string | undefined): TrustedProxies {
  const text = (setting ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return NO_PROXIES;
  if (['1', 'true', 'yes', 'any', '*'].includes(text.toLowerCase())) {
    throw new Error(`TRUST_PROXY=${text} would believe X-Forwarded-For from anyone; name ${TRUST_PROXY_SYNTAX}`);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) throw new Error(`TRUST_PROXY: "${entry}" ${problem}; name ${TRUST_PROXY_SYNTAX}`);
  }
  return trustedProxies(entries);
}

function entryProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(canonical(address) ?? '');
  if (family === 0 || rest.length > 0) return 'is not an IP address or network';
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const most = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > most) return `has a prefix length outside 0 to ${most}`;
  if (bits === 0) return 'trusts every address';
  return undefined;
}

function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [text = '', prefix] = entry.split('/');
    const address = canonical(text)!;
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    entries,
    has(text) {
      const address = canonical(text);
      if (!address || entries.length === 0) return false;
      return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The address as one spelling: IPv4-mapped IPv6 (`::ffff:1.2.3.4`, a dual-stack socket's) as IPv4; undefined if not an address. */
function canonical(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  const address = mapped ? mapped[1]! : text.toLowerCase();
  return isIP(address) === 0 ? undefined : address;
}

/**
 * The client's address, from the connection's address and its X-Forwarded-For header(s): plain
 * arguments, so the socket server can ask too. IPv4-mapped addresses come out as IPv4.
 */
export function addressOf(remote: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  let address = canonical(remote);
  if (!address) return 'unknown';
  if (forwardedFor !== undefined && trusted.has(address)) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
    // Right to left: each trusted hop vouches for the one before it; the first it cannot vouch for is the client.
    for (let i = hops.length - 1; i >= 0 && trusted.has(address); i--) {
      const hop = canonical(hops[i]!.trim());
      if (!hop) break; // not an address: the last one vouched for stands
      address = hop;
    }
  }
  return address;
}

/**
 * What per-address limits count under, the HTTP edge's and the sockets' alike: the address, or an
 * IPv6 client's /64 network. A socket's own peer address is taken as it comes (an IPv4-mapped
 * `::ffff:1.2.3.4` counts as 1.2.3.4); anything that is no address is its own key.
 */
export function addressKey(address: string): string {
  const known = canonical(address);
  if (!known) return address;
  return isIP(known) === 6 ? network64(known) : known;
}

/** Whether the client reached us over TLS: X-Forwarded-Proto: https, from a trusted proxy (node itself speaks plain HTTP). */
export function cameOverTls(remote: string | undefined, forwardedProto: string | string[] | undefined, trusted: TrustedProxies): boolean {
  if (forwardedProto === undefined || !trusted.has(remote ?? '')) return false;
  const first = (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

/** `2001:db8:1:2:3:4:5:6` → `2001:db8:1:2::/64` (a zone, `%eth0`, is no part of it). */
function network64(address: string): string {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  let groups = headGroups;
  if (tail !== undefined) {
    const tailGroups = tail === '' ? [] : tail.split(':');
    // A trailing dotted IPv4 part fills two groups.
    const tailLength = tailGroups.length + (tail.includes('.') ? 1 : 0);
    groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailLength)).fill('0'), ...tailGroups];
  }
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export type ClientAddress = (c: Context) => string;

/** The key a Hono request's limits count under (the auth API's throttles). */
export function clientAddress(trusted: TrustedProxies): ClientAddress {
  return (c) => addressKey(addressOf(getConnInfo(c).remote.address, c.req.header('x-forwarded-for'), trusted));
}
