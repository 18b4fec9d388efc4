import { routePartykitRequest } from "partyserver";
import type { Role } from "../db/schema";
import { userRoomName } from "../party/protocol";
import { readConfig, type Env } from "./env";
import { currentRefusal } from "./services/accounts";
import { verifyAccessToken } from "./services/tokens";
import { dbFor } from "./trpc/context";

/**
 * Routes `/parties/user-room/<role>:<id>` to that user's room. The socket must carry an access
 * token (`?token=`) whose user is the room's user and whose account may still be used (not
 * blocked); anything else is refused with 401/403.
 */
export function routeRealtime(request: Request, env: Env): Promise<Response | null> {
  return routePartykitRequest(request, env, {
    onBeforeConnect: async (req, lobby) => {
      const config = readConfig(env);
      const token = new URL(req.url).searchParams.get("token");
      const claims = token ? await verifyAccessToken(config.JWT_SECRET, token) : null;
      if (!claims) return new Response("A valid access token is required", { status: 401 });
      if (lobby.name !== userRoomName(claims.role as Role, claims.sub)) return new Response("This room belongs to another user", { status: 403 });
      const refusal = await currentRefusal(dbFor(config), claims.role, claims.sub, claims.sid);
      if (refusal) return new Response(refusal.message, { status: refusal.code === "UNAUTHORIZED" ? 401 : 403 });
    },
    onBeforeRequest: () => new Response("Rooms accept WebSocket connections only", { status: 400 }),
  });
}
