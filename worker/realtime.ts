import { routePartykitRequest } from "partyserver";
import type { Role } from "../db/schema";
import { LIVE_HEADERS, userRoomName } from "../party/protocol";
import { readConfig, type Env } from "./env";
import { currentRefusal } from "./services/accounts";
import { requestNow } from "./services/clock";
import { liveRefusal, liveSessionFor } from "./services/live";
import { verifyAccessToken } from "./services/tokens";
import { dbFor } from "./trpc/context";
import { publicError } from "./trpc/errors";

const STATUS: Record<string, number> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, SERVICE_UNAVAILABLE: 503 };

/**
 * Routes `/parties/<party>/<room>` sockets. Each must carry an access token (`?token=`) of an account
 * that may still be used (not blocked, signed in); anything else is refused with 401/403.
 * - `user-room/<role>:<id>`: only that user's own room.
 * - `live-room/<slotId>`: only the session's mentor and booked mentee, from 10 minutes before the
 *   start until the end (ADR 0015). The room learns who the socket is from headers set here.
 */
export function routeRealtime(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (req, lobby) => {
      const config = readConfig(env);
      const token = new URL(req.url).searchParams.get("token");
      const claims = token ? await verifyAccessToken(config.JWT_SECRET, token) : null;
      if (!claims) return new Response("A valid access token is required", { status: 401 });
      const db = dbFor(config);
      const refusal = await currentRefusal(db, claims.role, claims.sub, claims.sid);
      if (refusal) return new Response(refusal.message, { status: refusal.code === "UNAUTHORIZED" ? 401 : 403 });
      if (lobby.className === "UserRoom") {
        if (lobby.name !== userRoomName(claims.role as Role, claims.sub)) return new Response("This room belongs to another user", { status: 403 });
        return;
      }
      if (lobby.className === "LiveRoom") return admitToLiveRoom(req, db, claims, lobby.name, requestNow(config, req));
      return new Response("No such room", { status: 404 });
    },
    onBeforeRequest: () => new Response("Rooms accept WebSocket connections only", { status: 400 }),
  });
}

async function admitToLiveRoom(req: Request, db: ReturnType<typeof dbFor>, claims: { role: string; sub: string }, slotId: string, now: Date): Promise<Request | Response> {
  try {
    const session = await liveSessionFor(db, { role: claims.role, id: claims.sub }, slotId, now);
    const refusal = liveRefusal(session, now);
    if (refusal) return new Response(refusal, { status: 403 });
    const headers = new Headers(req.headers);
    headers.set(LIVE_HEADERS.role, session.role);
    headers.set(LIVE_HEADERS.id, session.me.id);
    headers.set(LIVE_HEADERS.name, encodeURIComponent(session.me.firstName));
    headers.set(LIVE_HEADERS.closesAt, String(Date.parse(session.closesAt)));
    return new Request(req, { headers });
  } catch (error) {
    const mapped = publicError(error);
    return new Response(mapped.message, { status: STATUS[mapped.code] ?? 500 });
  }
}
