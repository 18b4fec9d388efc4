/**
 * The caller's network for throttling (ADR 0005). On Cloudflare, `CF-Connecting-IP` is always set by
 * the edge (a client cannot forge it) and is never a loopback address. Outside Cloudflare (`npm run dev`,
 * `npm run preview`, the tests' workerd) it is missing, or workerd fills in the loopback address.
 * Both count as `LOCAL_ADDRESS`: there only the per-(account, network) and per-account limits apply,
 * since every local caller would otherwise share one network-wide budget.
 *
 * An IPv4 address counts by itself. An IPv6 address counts by its /64: one subscriber (a home, a
 * phone, a rented server) is given at least a /64 and picks any of its 2^64 addresses at will, so
 * counting single IPv6 addresses gave one guesser unlimited fresh counters. An IPv4 address written
 * as IPv6 (`::ffff:a.b.c.d`) counts as the IPv4 address.
 */
export const LOCAL_ADDRESS = "local";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function clientAddress(request: Request): string {
  const header = request.headers.get("cf-connecting-ip")?.trim().toLowerCase();
  if (!header || header.length > 64 || LOOPBACK.test(header)) return LOCAL_ADDRESS;
  return throttledNetwork(header);
}

/** The counted network of an address: IPv4 as it is, IPv6 as its /64 (`2001:db8:0:1::/64`); anything unreadable as it came. */
export function throttledNetwork(address: string): string {
  if (IPV4.test(address)) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, ""));
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read as two groups), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const octets = dotted.slice(1).map(Number);
    if (octets.some((o) => o > 255)) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, text.length - dotted[0].length)}${dotted[0].startsWith(":") ? ":" : ""}${hex(octets[0], octets[1])}:${hex(octets[2], octets[3])}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]);
  const rest = halves.length === 2 ? parse(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  const known = head.length + rest.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  return [...head, ...Array<string>(8 - known).fill("0"), ...rest].map((g) => parseInt(g, 16));
}
