import ipaddr from 'ipaddr.js';

/**
 * Which addresses a request that a user directed (a city's Legistar address) may reach: public
 * unicast only. Loopback, private, link-local (169.254.169.254, the cloud metadata service),
 * carrier-grade NAT, unspecified, multicast, reserved and documentation ranges are refused, and so
 * are IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4, Teredo), whose IPv4 part is what
 * the network would reach. The URL parser has already turned 2130706433, 0177.0.0.1, 0x7f000001 and
 * 127.1 into 127.0.0.1; this reads the address the socket would connect to.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    // Global unicast is 2000::/3; inside it, 6to4 (2002::/16), Teredo (2001::/32) and NAT64 reach an IPv4 address.
    return v6.range() === 'unicast' && v6.match(ipaddr.parse('2000::') as ipaddr.IPv6, 3);
  }
  return parsed.range() === 'unicast';
}

/**
 * An operator's list of hosts a user-directed request may reach even when they are internal
 * (LEGISTAR_ALLOWED_HOSTS, "legistar.internal,10.0.0.5:8080"): `host` allows it on the scheme's
 * default port, `host:port` on that port. Hosts are compared as the URL parser writes them.
 */
export interface AllowedHosts {
  allows(url: URL): boolean;
  readonly entries: readonly string[];
}

export function allowedHosts(entries: Iterable<string>): AllowedHosts {
  const list = [...new Set([...entries].map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const normalised = new Set(list.map((entry) => hostKey(entry)).filter((k): k is string => k !== null));
  return {
    entries: list,
    allows: (url) => normalised.has(`${url.hostname.toLowerCase()}:${portOf(url)}`),
  };
}

/** "host" or "host:port" (IPv6 in brackets) -> "hostname:port" as a URL writes it; null when it is not a host. */
function hostKey(entry: string): string | null {
  try {
    const url = new URL(`http://${entry}`);
    if (url.pathname !== '/' || url.username || url.search) return null;
    return `${url.hostname}:${url.port || 'default'}`;
  } catch {
    return null;
  }
}

/** The URL's port, "default" for the scheme's own (80, 443): "host" in the list allows the default only. */
function portOf(url: URL) {
  return url.port || 'default';
}

/** Ports a user may name without the operator's leave: the schemes' own. */
export const usualPort = (url: URL) => url.port === '' || (url.protocol === 'http:' && url.port === '80') || (url.protocol === 'https:' && url.port === '443');
