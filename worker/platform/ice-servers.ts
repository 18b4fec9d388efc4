/** What a browser's RTCPeerConnection takes (the DOM type, restated for the Worker). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** STUN only: enough on one network and for most home networks; no credentials, nothing to pay. */
export const DEFAULT_ICE_SERVERS: IceServer[] = [{ urls: ["stun:stun.cloudflare.com:3478"] }];
/** TURN credentials live as long as the longest session plus its grace period, then expire. */
const TURN_TTL_SECONDS = 2 * 60 * 60;

const isIceServer = (value: unknown): value is IceServer => {
  if (!value || typeof value !== "object") return false;
  const urls = (value as IceServer).urls;
  return typeof urls === "string" || (Array.isArray(urls) && urls.every((u) => typeof u === "string"));
};

/**
 * The ICE servers of one call (ADR 0015). With TURN_KEY_ID and TURN_KEY_API_TOKEN, short-lived TURN
 * credentials are fetched server-side from Cloudflare's TURN service, so the long-term key never
 * reaches a browser; ICE_SERVERS (JSON) replaces the default STUN; otherwise the default STUN. A
 * TURN outage falls back to STUN instead of failing the call: two people on simple networks still meet.
 * The settings are spelled out, not taken from worker/platform/env.ts: env.ts parses ICE_SERVERS with this module.
 */
export async function iceServersFor(
  config: { ICE_SERVERS?: IceServer[]; TURN_KEY_ID?: string; TURN_KEY_API_TOKEN?: string },
  fetcher: typeof fetch = fetch,
): Promise<IceServer[]> {
  const configured = config.ICE_SERVERS ?? DEFAULT_ICE_SERVERS;
  if (!config.TURN_KEY_ID || !config.TURN_KEY_API_TOKEN) return configured;
  try {
    const response = await fetcher(
      `https://rtc.live.cloudflare.com/v1/turn/keys/${encodeURIComponent(config.TURN_KEY_ID)}/credentials/generate-ice-servers`,
      {
        method: "POST",
        headers: { authorization: `Bearer ${config.TURN_KEY_API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ ttl: TURN_TTL_SECONDS }),
      },
    );
    if (!response.ok) throw new Error(`TURN credentials answered ${response.status}`);
    const body = (await response.json()) as { iceServers?: unknown };
    const servers = Array.isArray(body.iceServers) ? body.iceServers.filter(isIceServer) : [];
    if (servers.length === 0) throw new Error("TURN credentials came without ICE servers");
    return servers;
  } catch (error) {
    console.warn("TURN credentials unavailable; the call uses STUN only", error);
    return configured;
  }
}

/** Parses ICE_SERVERS: a JSON array of `{ urls, username?, credential? }`. */
export function parseIceServers(raw: string): IceServer[] | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) && value.every(isIceServer) ? value : null;
  } catch {
    return null;
  }
}
