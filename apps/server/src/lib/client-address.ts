import net from 'node:net';

/**
 * The part of a client's address that rate limits count by: an IPv4 address whole, an IPv6 address by its
 * /64 (one subscriber or host usually holds a whole /64, so counting each address alone would let one client
 * rotate through 2^64 of them), an IPv4-mapped IPv6 address as the IPv4 it maps.
 */
export function rateLimitAddress(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  if (!net.isIPv6(address)) return address;
  const groups = expandIpv6(address);
  if (groups === undefined) return address;
  const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped?.[1]) return mapped[1];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case without leading zeros; undefined for a malformed one. */
function expandIpv6(address: string): string[] | undefined {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...rest] = text.split('::');
  if (rest.length > 0 || head === undefined) return undefined;
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  return [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right].map((group) => parseInt(group, 16).toString(16));
}
