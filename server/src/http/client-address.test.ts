/** Whose address a request is counted under, behind the proxies TRUST_PROXY names and no others. */
import { describe, expect, it } from 'vitest';
import { addressKey, addressOf, cameOverTls, LOOPBACK_PROXIES, NO_PROXIES, parseTrustedProxies } from './client-address';

describe('TRUST_PROXY', () => {
  it('names proxies by address or network, IPv4 and IPv6; empty or 0 trusts nobody', () => {
    const trusted = parseTrustedProxies(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8, ::1');
    expect(trusted.entries).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    for (const address of ['127.0.0.1', '10.20.30.40', '::ffff:10.0.0.1', 'fd12::5', '::1']) expect(trusted.has(address)).toBe(true);
    for (const address of ['127.0.0.2', '11.0.0.1', 'fe80::1', '203.0.113.9', 'not an address']) expect(trusted.has(address)).toBe(false);
    for (const nobody of [undefined, '', '0', 'false']) expect(parseTrustedProxies(nobody).entries).toEqual([]);
  });

  it('refuses "any proxy", and anything that is not an address or network, naming the syntax', () => {
    for (const any of ['1', 'true', 'TRUE', '*']) {
      expect(() => parseTrustedProxies(any)).toThrow(`TRUST_PROXY=${any} would believe X-Forwarded-For from anyone; name the proxies' addresses or networks, comma-separated, e.g. TRUST_PROXY=127.0.0.1`);
    }
    expect(() => parseTrustedProxies('nginx')).toThrow('TRUST_PROXY: "nginx" is not an IP address or network');
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('TRUST_PROXY: "10.0.0.0/33" has a prefix length outside 0 to 32');
    expect(() => parseTrustedProxies('0.0.0.0/0')).toThrow('TRUST_PROXY: "0.0.0.0/0" trusts every address');
    expect(() => parseTrustedProxies('127.0.0.1,')).toThrow('TRUST_PROXY: "" is not an IP address or network');
  });
});

describe('addressOf', () => {
  const nginxHere = parseTrustedProxies('127.0.0.1');
  const twoHops = parseTrustedProxies('127.0.0.1,10.0.0.0/8');

  it('is the connection\'s address when it comes from no trusted proxy, whatever X-Forwarded-For says', () => {
    expect(addressOf('203.0.113.7', '198.51.100.1', nginxHere)).toBe('203.0.113.7');
    expect(addressOf('127.0.0.1', '198.51.100.1', NO_PROXIES)).toBe('127.0.0.1');
    expect(addressOf('::ffff:203.0.113.7', undefined, nginxHere)).toBe('203.0.113.7');
    expect(addressOf(undefined, '198.51.100.1', nginxHere)).toBe('unknown');
  });

  it('behind trusted proxies, is the right-most forwarded address none of them added', () => {
    // The client wrote the first entry itself; nginx appended the address it saw.
    expect(addressOf('127.0.0.1', '6.6.6.6, 203.0.113.7', nginxHere)).toBe('203.0.113.7');
    // A balancer in 10/8 in front of nginx: both hops trusted, the client is the one before them.
    expect(addressOf('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.1.2.3', twoHops)).toBe('203.0.113.7');
    expect(addressOf('127.0.0.1', ['6.6.6.6', '203.0.113.7, 10.1.2.3'], twoHops)).toBe('203.0.113.7');
    // Only trusted hops: the left-most is all there is.
    expect(addressOf('127.0.0.1', '10.9.9.9', twoHops)).toBe('10.9.9.9');
    // Garbage where an address should be: the last address vouched for stands.
    expect(addressOf('127.0.0.1', '6.6.6.6, nonsense', nginxHere)).toBe('127.0.0.1');
    expect(addressOf('::1', '2001:db8::7', LOOPBACK_PROXIES)).toBe('2001:db8::7');
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64 network, an IPv4 one by its address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it("takes a socket's peer address as it comes: IPv4-mapped, or with a zone", () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('cameOverTls', () => {
  it('believes X-Forwarded-Proto only from a trusted proxy', () => {
    expect(cameOverTls('127.0.0.1', 'https', LOOPBACK_PROXIES)).toBe(true);
    expect(cameOverTls('127.0.0.1', 'https, http', LOOPBACK_PROXIES)).toBe(true);
    expect(cameOverTls('127.0.0.1', 'http', LOOPBACK_PROXIES)).toBe(false);
    expect(cameOverTls('203.0.113.7', 'https', LOOPBACK_PROXIES)).toBe(false);
    expect(cameOverTls('127.0.0.1', undefined, LOOPBACK_PROXIES)).toBe(false);
  });
});
