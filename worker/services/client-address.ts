/**
 * The caller's address for throttling. On Cloudflare, `CF-Connecting-IP` is always set by the edge
 * (a client cannot forge it). Outside Cloudflare (`npm run dev`, the tests' workerd) it may be
 * missing: then the address is `LOCAL_ADDRESS`, and only the per-(account, address) limits apply,
 * since every local caller would otherwise share one address-wide budget.
 */
export const LOCAL_ADDRESS = "local";

export function clientAddress(request: Request): string {
  const header = request.headers.get("cf-connecting-ip")?.trim();
  return header && header.length <= 64 ? header.toLowerCase() : LOCAL_ADDRESS;
}
