/**
 * Which CalDAV server addresses the Worker may call (ADR 0040): a mentor types the address, so it must not
 * become a way into machines the public internet cannot reach. https only, no user or password in the address,
 * and no host that is a private, loopback, link-local or otherwise non-public address or name. In development
 * (and the tests) a server on this machine over http (127.0.0.1, localhost) is allowed, for the local Radicale.
 * The same check runs on every request, redirects included.
 */
const LOCAL_NAMES = /(^localhost$|\.localhost$|\.local$|\.internal$|\.lan$|\.home\.arpa$|^metadata\.google\.internal$)/i;

function privateIPv4(host: string): boolean {
  const parts = host.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return false;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function privateIPv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (!h.includes(":")) return false;
  if (h === "::" || h === "::1") return true;
  const mapped = h.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return privateIPv4(mapped[1]!);
  // Hex-written mapped IPv4 (::ffff:7f00:1) and the other special ranges: unique local, link-local, multicast.
  return h.startsWith("::ffff:") || /^f[cd]/.test(h) || /^fe[89ab]/.test(h) || h.startsWith("ff");
}

/** A host that names this machine (allowed over http in development only). */
const isLoopback = (host: string) => host === "127.0.0.1" || host === "localhost" || host === "[::1]";

/** Why the Worker will not call this address, in the mentor's words; null when it may. */
export function caldavUrlProblem(address: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "Enter the calendar server's address, such as https://caldav.fastmail.com.";
  }
  if (url.username || url.password) return "Enter the user name and app password in their own fields, not in the address.";
  const host = url.hostname.toLowerCase();
  if (allowLocal && isLoopback(host) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "The calendar server's address must start with https://.";
  if (privateIPv4(host) || privateIPv6(host) || LOCAL_NAMES.test(host) || !host.includes("."))
    return "This address is not a public calendar server. Enter the address your calendar provider gives.";
  return null;
}
