import { routePartykitRequest } from "partyserver";
import { LIVE_HEADERS, SIGN_IN_HEADER, userRoomName } from "../../shared/realtime-protocol";
import { currentRefusal } from "../accounts/accounts";
import { liveRefusal, liveSessionFor } from "../live/live-session";
import { requestNow } from "../platform/clock";
import { dbFor } from "../platform/database";
import { type Env, readConfig } from "../platform/env";
import { publicError } from "../platform/errors";
import { consumeSocketTicket, type TicketHolder } from "./socket-tickets";

const STATUS: Record<string, number> = { UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, SERVICE_UNAVAILABLE: 503 };

export const TICKET_REQUIRED =
  "A socket ticket is required: call realtime.ticket (POST /trpc/realtime.ticket) and connect with ?ticket=<ticket>. Access tokens are not accepted in socket URLs.";
export const TICKET_REFUSED = "This socket ticket is unknown, used or expired. Please get a new one.";

/**
 * Routes `/parties/<party>/<room>` sockets. Each must carry a socket ticket (`?ticket=`, ADR 0020),
 * which works once, within 30 s, for the sign-in that asked for it; that sign-in must still be
 * live and its account usable (not blocked). Anything else is refused with 401/403.
 * - `user-room/<role>:<id>`: only that user's own room.
 * - `live-room/<slotId>`: only the session's mentor and booked mentee, from 10 minutes before the
 *   start until the end (ADR 0015).
 * The room learns the socket's sign-in (and, in a live room, who it is) from headers set here,
 * over any a client sent; it tags the socket with it, so ending the sign-in closes the socket.
 */
export function routeRealtime(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (req, lobby) => {
      const config = readConfig(env);
      const ticket = new URL(req.url).searchParams.get("ticket");
      if (!ticket) return new Response(TICKET_REQUIRED, { status: 401 });
      const db = dbFor(config);
      const now = requestNow(config, req);
      try {
        const holder = await consumeSocketTicket(db, ticket, now);
        if (!holder) return new Response(TICKET_REFUSED, { status: 401 });
        // A family is named by its first session's id, so the family id is a session of it for the sign-in check.
        const refusal = await currentRefusal(db, holder.role, holder.userId, holder.familyId);
        if (refusal) return new Response(refusal.message, { status: STATUS[refusal.code] });
        const headers = new Headers(req.headers);
        headers.set(SIGN_IN_HEADER, holder.familyId);
        if (lobby.className === "UserRoom") {
          if (lobby.name !== userRoomName(holder.role, holder.userId))
            return new Response("This room belongs to another user", { status: 403 });
          return new Request(req, { headers });
        }
        if (lobby.className === "LiveRoom") return await admitToLiveRoom(req, headers, db, holder, lobby.name, now);
        return new Response("No such room", { status: 404 });
      } catch (error) {
        const mapped = publicError(error);
        return new Response(mapped.message, { status: STATUS[mapped.code] ?? 500 });
      }
    },
    onBeforeRequest: () => new Response("Rooms accept WebSocket connections only", { status: 400 }),
  });
}

async function admitToLiveRoom(
  req: Request,
  headers: Headers,
  db: ReturnType<typeof dbFor>,
  holder: TicketHolder,
  slotId: string,
  now: Date,
): Promise<Request | Response> {
  const session = await liveSessionFor(db, { role: holder.role, id: holder.userId }, slotId, now);
  const refusal = liveRefusal(session, now);
  if (refusal) return new Response(refusal, { status: 403 });
  headers.set(LIVE_HEADERS.role, session.role);
  headers.set(LIVE_HEADERS.id, session.me.id);
  headers.set(LIVE_HEADERS.name, encodeURIComponent(session.me.firstName));
  headers.set(LIVE_HEADERS.closesAt, String(Date.parse(session.closesAt)));
  return new Request(req, { headers });
}
