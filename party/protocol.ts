/** Messages on a user's room socket: `{ event, data }` in both directions, socket.io-style. */

export type Role = "mentee" | "mentor" | "moderator";

export type PushEvent = "notification" | "scheduler" | "messageReveived";
export type ServerEvent = "connected" | PushEvent;
export type ClientEvent = "setup";

export type Envelope<E extends string = string> = { event: E; data: unknown };

export const USER_ROOM_PARTY = "user-room";

/** The room of one user: `<role>:<id>`. */
export function userRoomName(role: Role, id: string): string {
  return `${role}:${id}`;
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
