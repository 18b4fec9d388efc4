/** Messages on a user's room socket: `{ event, data }` in both directions, socket.io-style. */
import type { NoticeKind } from "./notification-kinds";
import { type MemberRole, type Role, roles } from "./role";

export type { Role };

/** A bell entry as pushed and listed (SPEC §3 Notification). */
export type NotificationPush = {
  id: string;
  type: "message" | "alert";
  /** What it is about (ADR 0027): which of the recipient's channels carry it. */
  kind: NoticeKind;
  content: string;
  isRead: boolean;
  conversationId: string | null;
  time: string;
  createdAt: string;
};

/** A chat message as pushed and listed (SPEC §3 Message; `sender.senderId.firstName` as the original client reads it). */
export type MessagePush = {
  id: string;
  conversationId: string;
  clientId: string | null;
  content: string;
  sender: { senderType: MemberRole; senderId: { _id: string; firstName: string } };
  createdAt: string;
  readAt: string | null;
};

/** A schedule changed under its other party: a booked slot deleted, a booking moved or cancelled, a request to reschedule (the client refetches). */
export type SchedulerPush = { slotId: string; change: SchedulerChange };
/** What changed on a slot: deleted by the mentor, a booking moved or cancelled, a reschedule requested. (A slot held from the waitlist comes as her notification.) */
export type SchedulerChange = "deleted" | "moved" | "cancelled" | "reschedule-requested";

/** What each push event carries: the one contract the Worker sends and the SPA reads. */
export type PushPayloads = { notification: NotificationPush; scheduler: SchedulerPush; messageReveived: MessagePush };

export type PushEvent = keyof PushPayloads;
export type ServerEvent = "connected" | PushEvent;
export type ClientEvent = "setup";

export type Envelope<E extends string = string> = { event: E; data: unknown };
/** One push as the Worker sends it: an event and its payload, typed together. */
export type PushEnvelope<E extends PushEvent = PushEvent> = E extends PushEvent ? { event: E; data: PushPayloads[E] } : never;

export const USER_ROOM_PARTY = "user-room";

/** The room of one user: `<role>:<id>`. */
export function userRoomName(role: Role, id: string): string {
  return `${role}:${id}`;
}

/** The user a room's name names, or null for a name no user room has. */
export function userOfRoom(name: string): { role: Role; id: string } | null {
  const at = name.indexOf(":");
  const role = name.slice(0, at);
  const id = name.slice(at + 1);
  return at > 0 && id && (roles as readonly string[]).includes(role) ? { role: role as Role, id } : null;
}

export function parseEnvelope(raw: unknown): Envelope | null {
  if (typeof raw !== "string") return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === "object" && typeof (value as Envelope).event === "string") return value as Envelope;
  } catch {
    // not JSON: ignored
  }
  return null;
}

/** WebSocket close code for "this account may no longer use the product" (4000-4999 are the app's). */
export const CLOSE_ACCOUNT_REFUSED = 4003;
/** WebSocket close code for "this sign-in has ended" (logout, a password change or reset): the app signs that tab out. */
export const CLOSE_SIGN_IN_ENDED = 4001;

/**
 * The header the Worker sets on every upgrade request it forwards to a room (overwriting any a
 * client sent): the sign-in (refresh-session family) the socket belongs to, from its ticket.
 */
export const SIGN_IN_HEADER = "x-sign-in";

/** Which of a user's sign-ins lose their sockets: one (`only`), all but one (`except`), or all (neither). */
export type SignInScope = { only?: string; except?: string };

// ---------------------------------------------------------------- live rooms (ADR 0015)

export const LIVE_ROOM_PARTY = "live-room";

/** Who a live-room socket is: set by the Worker after it checked the token and the window (never by the client). */
export type LivePeer = { role: "mentee" | "mentor"; id: string; name: string };

/**
 * Live-room messages. The server says `welcome` (to the one who joined: who is already there),
 * `peer-joined`, `peer-left`, `ended` (the room closes); `signal` carries an offer, an answer or an
 * ICE candidate from one participant to the other, and nothing else is relayed.
 */
export type LiveServerEvent = "welcome" | "peer-joined" | "peer-left" | "signal" | "ended";
export type LiveClientEvent = "signal";

/** Close codes of a live room: the same person opened the room elsewhere; the session is over. */
export const CLOSE_REPLACED = 4009;
export const CLOSE_ENDED = 4010;

/** Headers the Worker sets on the upgrade request it forwards to the room (and overwrites if a client sent them). */
export const LIVE_HEADERS = { role: "x-live-role", id: "x-live-id", name: "x-live-name", closesAt: "x-live-closes-at" } as const;
