import { getServerByName } from "partyserver";
import { CLOSE_ACCOUNT_REFUSED, userRoomName, type PushEvent, type Role } from "../../party/protocol";
import type { Env } from "../env";

export type Recipient = { role: Role; id: string };

/**
 * Tells a user's open tabs that something changed. Call only after the write has committed; the
 * push runs after the response, and a lost push loses nothing because clients refetch.
 */
export function pushToUser(env: Env, waitUntil: (p: Promise<unknown>) => void, to: Recipient, event: PushEvent, data: unknown) {
  waitUntil(
    getServerByName(env.UserRoom, userRoomName(to.role, to.id))
      .then((room) => room.push(event, data))
      .catch((error: unknown) => console.error("push failed", event, error)),
  );
}

/** Several pushes of one commit to one user's room in one call, in order (a message, then its notification). */
export function pushAllToUser(env: Env, waitUntil: (p: Promise<unknown>) => void, to: Recipient, envelopes: { event: PushEvent; data: unknown }[]) {
  waitUntil(
    getServerByName(env.UserRoom, userRoomName(to.role, to.id))
      .then((room) => room.pushAll(envelopes))
      .catch((error: unknown) => console.error("push failed", envelopes.map((e) => e.event).join(","), error)),
  );
}

/** Closes a user's open tabs after the Worker refused the account (blocked); runs after the response. `reason` is at most 123 bytes (WebSocket). */
export function disconnectUser(env: Env, waitUntil: (p: Promise<unknown>) => void, who: Recipient, reason: string) {
  waitUntil(
    getServerByName(env.UserRoom, userRoomName(who.role, who.id))
      .then((room) => room.disconnectAll(CLOSE_ACCOUNT_REFUSED, reason))
      .catch((error: unknown) => console.error("disconnect failed", error)),
  );
}
