/**
 * The caller's address for throttling. On Cloudflare, `CF-Connecting-IP` is always set by the edge
 * (a client cannot forge it) and is never a loopback address. Outside Cloudflare (`npm run dev`,
 * `npm run preview`, the tests' workerd) it is missing, or workerd fills in the loopback address.
 * Both count as `LOCAL_ADDRESS`: there only the per-(account, address) limits apply, since every
 * local caller would otherwise share one address-wide budget.
 */
export const LOCAL_ADDRESS = "local";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function clientAddress(request: Request): string {
  const header = request.headers.get("cf-connecting-ip")?.trim().toLowerCase();
  if (!header || header.length > 64 || LOOPBACK.test(header)) return LOCAL_ADDRESS;
  return header;
}
