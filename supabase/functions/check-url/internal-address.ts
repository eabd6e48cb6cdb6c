// Is an address one check-url must not reach? The decision is made on the address's 16 or
// 4 bytes, never on its spelling: a textual prefix test missed `::ffff:7f00:1` (the form
// URL parsing gives `[::ffff:127.0.0.1]`) and `0:0:0:0:0:ffff:127.0.0.1`. An IPv6 address
// that carries an IPv4 address (mapped, SIIT-translated, NAT64, 6to4) is judged by the IPv4
// address it leads to; IPv4-compatible (deprecated) and Teredo (its client address is hidden)
// are refused whole, as is anything that is not an address.
import net from 'node:net';

type Bytes = readonly number[];

const zeros = (n: number) => Array<number>(n).fill(0);

function ipv4Bytes(text: string): number[] | null {
  if (!net.isIPv4(text)) return null;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (zone index dropped), or null when it is not one. */
function ipv6Bytes(text: string): number[] | null {
  let address = text.replace(/%.*$/, '');
  if (!net.isIPv6(address)) return null;
  // A dotted IPv4 tail becomes its two hexadecimal groups.
  address = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_all, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const [left = '', right] = address.split('::');
  const leftGroups = groupsOf(left);
  const rightGroups = right === undefined ? [] : groupsOf(right);
  const filler = right === undefined ? 0 : 8 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...zeros(filler), ...rightGroups];
  return groups.length === 8 ? groups.flatMap((g) => [g >> 8, g & 0xff]) : null;
}

function internalIpv4([a = 0, b = 0, c = 0, d = 0]: Bytes): boolean {
  return (
    a === 0 || // this network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 || // multicast, reserved, broadcast
    (a === 255 && b === 255 && c === 255 && d === 255)
  );
}

const startsWith = (bytes: Bytes, prefix: Bytes) => prefix.every((byte, i) => bytes[i] === byte);

function internalIpv6(bytes: Bytes): boolean {
  const last4 = bytes.slice(12, 16);
  // ::/96 holds :: (unspecified), ::1 (loopback) and IPv4-compatible addresses.
  // Compatible addresses are deprecated (RFC 4291) and no public host is reached by one.
  if (startsWith(bytes, zeros(12))) return true;
  // ::ffff:0:0/96 mapped, ::ffff:0:0:0/96 SIIT-translated, 64:ff9b::/96 NAT64.
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return internalIpv4(last4);
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return internalIpv4(last4);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return internalIpv4(last4);
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) return true; // local-use NAT64 (RFC 8215)
  if (startsWith(bytes, [0x20, 0x02])) return internalIpv4(bytes.slice(2, 6)); // 6to4
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return true; // Teredo
  const [a = 0, b = 0, c = 0, d = 0] = bytes;
  return (
    (a & 0xfe) === 0xfc || // unique local fc00::/7
    (a === 0xfe && (b & 0xc0) === 0x80) || // link-local fe80::/10
    (a === 0xfe && (b & 0xc0) === 0xc0) || // site-local fec0::/10 (deprecated, still routed inside)
    a === 0xff || // multicast
    (a === 0x01 && b === 0 && startsWith(bytes.slice(2), zeros(6))) || // discard 100::/64
    (a === 0x20 && b === 0x01 && c === 0x0d && d === 0xb8) || // documentation
    (a === 0x20 && b === 0x01 && c === 0 && (d & 0xf0) === 0x10) || // ORCHID 2001:10::/28
    (a === 0x20 && b === 0x01 && c === 0 && (d & 0xf0) === 0x20) || // ORCHIDv2 2001:20::/28
    (a === 0x20 && b === 0x01 && c === 0 && d === 0x02 && bytes[4] === 0 && bytes[5] === 0) // benchmarking
  );
}

/** True when the address is not a public unicast address, or is not an address at all. */
export function isInternalAddress(address: string): boolean {
  const text = address.replace(/^\[|\]$/g, '');
  const v4 = ipv4Bytes(text);
  if (v4) return internalIpv4(v4);
  const v6 = ipv6Bytes(text);
  if (v6) return internalIpv6(v6);
  return true;
}
