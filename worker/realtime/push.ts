import { getServerByName } from "partyserver";
import type { Db } from "../../db/client";
import {
  CLOSE_ACCOUNT_REFUSED,
  CLOSE_SIGN_IN_ENDED,
  type PushEnvelope,
  type PushEvent,
  type PushPayloads,
  type Role,
  type SignInScope,
  userRoomName,
} from "../../shared/realtime-protocol";
import { openLiveRoomsOf } from "../live/live-session";
import { type DeviceTarget, webPushSoon } from "../notifications/web-push/send";
import { dropDevicesOfSignIns } from "../notifications/web-push/subscriptions";
import { dbFor } from "../platform/database";
import type { WaitUntil } from "../platform/deps";
import { type Env, readConfig } from "../platform/env";

export type Recipient = { role: Role; id: string };

/**
 * A user's room, called over RPC straight away (ADR 0043). The room has no start-up work to wait for, so it is not
 * reached through partyserver's `getServerByName`, whose extra call also writes the room's name into its storage: one
 * push is one call.
 */
const userRoomOf = (env: Env, who: Recipient) => env.UserRoom.getByName(userRoomName(who.role, who.id));

/** Calls a user's room; whatever fails, even before the call leaves (no room binding), fails the promise, not the caller. */
const callRoom = <T>(env: Env, who: Recipient, call: (room: ReturnType<typeof userRoomOf>) => Promise<T>): Promise<T> =>
  Promise.resolve().then(() => call(userRoomOf(env, who)));

/**
 * Tells a user's open tabs that something changed. Call only after the write has committed; the
 * push runs after the response, and a lost push loses nothing because clients refetch. A
 * `notification` (a bell entry) also goes to her devices by Web Push (ADR 0027).
 */
export function pushToUser<E extends PushEvent>(env: Env, waitUntil: WaitUntil, to: Recipient, event: E, data: PushPayloads[E]) {
  if (event === "notification") webPushSoon(env, waitUntil, to, data as PushPayloads["notification"]);
  waitUntil(callRoom(env, to, (room) => room.push(event, data)).catch((error: unknown) => console.error("push failed", event, error)));
}

/**
 * Several pushes of one commit to one user's room in one call, in order (a message, then its notification). `devices`:
 * her Web Push devices, when the commit's own batch read them (`deviceTargetsQuery`). `tabsOpen`: false when the
 * caller read that her room has no tab connected (`openRoomsQuery`, ADR 0043); her devices still get the push.
 */
export function pushAllToUser(
  env: Env,
  waitUntil: WaitUntil,
  to: Recipient,
  envelopes: PushEnvelope[],
  devices?: DeviceTarget[],
  tabsOpen = true,
) {
  for (const envelope of envelopes) if (envelope.event === "notification") webPushSoon(env, waitUntil, to, envelope.data, devices);
  if (!tabsOpen) return;
  waitUntil(
    callRoom(env, to, (room) => room.pushAll(envelopes)).catch((error: unknown) =>
      console.error("push failed", envelopes.map((e) => e.event).join(","), error),
    ),
  );
}

/** Why sockets close: a block refuses the account; the others end sign-ins. Reasons are at most 123 bytes (WebSocket). */
const CLOSE_FOR = {
  blocked: { code: CLOSE_ACCOUNT_REFUSED, reason: "account blocked" },
  "signed-out": { code: CLOSE_SIGN_IN_ENDED, reason: "This sign-in has ended. Please sign in again." },
  "password-changed": { code: CLOSE_SIGN_IN_ENDED, reason: "Your password was changed. Please sign in again." },
} as const;

export type DisconnectDeps = { env: Env; db: Db; waitUntil: WaitUntil };

/**
 * Closes the open sockets of a user's sign-ins in `scope` (ADR 0020) after the change that ended
 * them committed: the user's room (every tab) and any live room they may be in now. Logout passes
 * `only` its sign-in, a password change `except` the current one, a reset or a block neither.
 * The devices those sign-ins turned Web Push on for stop receiving it. Runs after the response.
 */
export function disconnectSignIns(deps: DisconnectDeps, who: Recipient, scope: SignInScope, why: keyof typeof CLOSE_FOR, now: Date) {
  const { code, reason } = CLOSE_FOR[why];
  const closing = async () => {
    const userRoom = callRoom(deps.env, who, (room) => room.disconnectSignIns(scope, code, reason));
    const slots = who.role === "moderator" ? Promise.resolve([]) : openLiveRoomsOf(deps.db, { role: who.role, id: who.id }, now);
    const liveRooms = slots.then((ids) =>
      Promise.all(
        ids.map((slotId) => getServerByName(deps.env.LiveRoom, slotId).then((room) => room.disconnectSignIns(who, scope, code, reason))),
      ),
    );
    // Its own connection: a request's writes wait for its account check, which a block has just failed.
    const devices = dropDevicesOfSignIns(dbFor(readConfig(deps.env)), who, scope);
    await Promise.all([userRoom, liveRooms, devices]);
  };
  deps.waitUntil(closing().catch((error: unknown) => console.error("disconnect failed", why, error)));
}
