import net from 'node:net';

/** An IPv4 range: first address as a 32-bit number, prefix length, and what it is. */
type Ipv4Range = [start: number, prefix: number, kind: string];

const ipv4Number = (address: string): number => address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
const ipv4 = (cidr: string, kind: string): Ipv4Range => {
  const [address = '', prefix = '32'] = cidr.split('/');
  return [ipv4Number(address), Number(prefix), kind];
};

/** Checked in order: the more specific ranges first (the metadata address lies inside link-local). */
const BLOCKED_IPV4: readonly Ipv4Range[] = [
  ipv4('169.254.169.254/32', 'cloud metadata'),
  ipv4('0.0.0.0/8', 'unspecified'),
  ipv4('10.0.0.0/8', 'private'),
  ipv4('100.64.0.0/10', 'carrier-grade NAT'),
  ipv4('127.0.0.0/8', 'loopback'),
  ipv4('169.254.0.0/16', 'link-local'),
  ipv4('172.16.0.0/12', 'private'),
  ipv4('192.0.0.0/24', 'reserved'),
  ipv4('192.0.2.0/24', 'documentation'),
  ipv4('192.168.0.0/16', 'private'),
  ipv4('198.18.0.0/15', 'benchmarking'),
  ipv4('198.51.100.0/24', 'documentation'),
  ipv4('203.0.113.0/24', 'documentation'),
  ipv4('224.0.0.0/4', 'multicast'),
  ipv4('240.0.0.0/4', 'reserved'),
];

function ipv4Kind(address: string): string | undefined {
  const value = ipv4Number(address);
  for (const [start, prefix, kind] of BLOCKED_IPV4) {
    const size = 2 ** (32 - prefix);
    if (value >= start && value < start + size) return kind;
  }
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, a trailing dotted IPv4 read as two groups). */
export function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const value = ipv4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16));
}

const ipv4FromGroups = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

function ipv6Kind(address: string): string | undefined {
  const g = ipv6Groups(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstSixZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstSixZero && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (firstSixZero && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, the old compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d) reaches that IPv4 address.
  if (firstSixZero && (g5 === 0xffff || g5 === 0)) return ipv4Kind(ipv4FromGroups(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Kind(ipv4FromGroups(g6, g7));
  // 6to4 (2002:aabb:ccdd::) carries an IPv4 address in its second and third groups.
  if (g0 === 0x2002) return ipv4Kind(ipv4FromGroups(g1, g2));
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'cloud metadata';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if (g0 === 0x2001 && g1 === 0) return 'Teredo tunnel';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'discard';
  return undefined;
}

/**
 * Why an address must not be fetched from (loopback, private, link-local, carrier-grade NAT,
 * unspecified, multicast, unique local, cloud metadata, reserved…), or undefined for a public
 * address. IPv4 written inside IPv6 is judged as the IPv4 address it reaches. Not an address: "not an IP address".
 */
export function blockedAddressKind(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(bare)) return ipv4Kind(bare);
  if (net.isIPv6(bare)) return ipv6Kind(bare);
  return 'not an IP address';
}
