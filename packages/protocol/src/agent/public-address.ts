// Which network addresses a request to a tenant-supplied URL may reach. The API checks the address
// a tenant types; the agent checks every address a name resolves to, on every connection and
// redirect. Written without `node:net` so the rule is one function on both sides.

/** The four bytes of a dotted IPv4 address, or undefined when the text is not one. */
function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail included), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  let address = text.toLowerCase();
  // A zone (`fe80::1%eth0`) names an interface: the address is still link-local.
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  let tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.', lastColon)) {
    const bytes = ipv4Bytes(address.slice(lastColon + 1));
    if (!bytes) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    tail = [(a << 8) | b, (c << 8) | d];
    // Keep a `::` that ends right before the IPv4 part; drop a single separating colon.
    address = address.slice(0, lastColon + 1);
    if (!address.endsWith('::')) address = address.slice(0, -1);
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const read = (half: string | undefined) =>
    half
      ? half
          .split(':')
          .map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : Number.NaN))
      : [];
  const head = read(halves[0]);
  const rest = halves.length === 2 ? read(halves[1]) : [];
  if ([...head, ...rest].some(Number.isNaN)) return undefined;
  const written = head.length + rest.length + tail.length;
  if (halves.length === 1) return written === 8 ? [...head, ...tail] : undefined;
  if (written > 7) return undefined;
  return [...head, ...new Array<number>(8 - written).fill(0), ...rest, ...tail];
}

/** Whether IPv4 bytes lie in a range no tenant request may reach. */
function ipv4Reserved([a = 0, b = 0, c = 0]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 || // private
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    a === 127 || // loopback
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b >= 16 && b <= 31) || // private
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 192 && b === 168) || // private
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an IP address (v4 or v6, as text) is a public unicast address: not loopback, private,
 * link-local, carrier-grade NAT, cloud metadata, multicast, documentation or reserved. IPv6
 * addresses that carry an IPv4 one (mapped, NAT64, 6to4) are judged by it. Anything that is not
 * an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4Bytes(text);
  if (v4) return !ipv4Reserved(v4);
  const groups = ipv6Groups(text);
  if (!groups) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  // ::ffff:a.b.c.d (mapped) and 64:ff9b::a.b.c.d (NAT64) reach the IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return !ipv4Reserved(embedded);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return !ipv4Reserved(embedded);
  // 6to4 (2002:AABB:CCDD::) carries the IPv4 address in its second and third groups.
  if (g0 === 0x2002) return !ipv4Reserved([g1 >> 8, g1 & 0xff, g2 >> 8, g2 & 0xff]);
  // Only global unicast (2000::/3) is public; inside it, documentation (2001:db8::/32), Teredo
  // (2001::/32, which tunnels to any IPv4 address) and benchmarking (2001:2::/48) are not.
  if (g0 < 0x2000 || g0 > 0x3fff) return false;
  if (g0 === 0x2001 && (g1 === 0x0db8 || g1 === 0 || g1 === 2)) return false;
  return true;
}

/** Host names that only mean something inside a network (or are the cloud's metadata service). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/**
 * What is wrong with a URL a tenant supplies for the agent to call, or undefined when nothing is:
 * only `https`, no user or password in it, and a host that is a public name or a public address
 * (names are resolved and checked again where the request is made).
 */
export function tenantUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'must be an https:// address';
  if (url.username || url.password) return 'must not hold a user name or password';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // The URL parser normalises numeric hosts (`2130706433`, `0x7f.1`) to dotted IPv4.
  if (ipv4Bytes(host) || host.startsWith('[')) {
    return isPublicAddress(host) ? undefined : `reaches a private or reserved address (${host})`;
  }
  if (!host.includes('.') || INTERNAL_NAME.test(host))
    return `names a host that is not public (${host})`;
  return undefined;
}
