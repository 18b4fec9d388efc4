import { PartySocket } from "partysocket";
import {
  CLOSE_ACCOUNT_REFUSED,
  CLOSE_SIGN_IN_ENDED,
  type ClientEvent,
  type PushEvent,
  type PushPayloads,
  type ServerEvent,
  USER_ROOM_PARTY,
  userRoomName,
} from "../../shared/realtime-protocol";
import type { Role } from "./session";
import { TicketRefused } from "./socket-ticket";

type Handler = (data: unknown) => void;
type ClientSideEvent = ServerEvent | "connect_error" | "open" | "refused";
type EventData<E extends ClientSideEvent> = E extends PushEvent ? PushPayloads[E] : unknown;

/** Reconnect settings of SPEC §7: 1 s first delay, 5 s at most, randomised by 0.5, unlimited attempts, 20 s timeout. */
const RANDOMISATION = 0.5;
const reconnectOptions = () => ({
  minReconnectionDelay: 1000 * (1 + Math.random() * RANDOMISATION),
  maxReconnectionDelay: 5000,
  maxRetries: Infinity,
  connectionTimeout: 20000,
});

/** The Worker closes a blocked account's tabs, or an ended sign-in's, with these codes: no reconnecting. */
const REFUSALS: readonly number[] = [CLOSE_ACCOUNT_REFUSED, CLOSE_SIGN_IN_ENDED];

/** A socket.io-shaped client of one user's room: `on`, `off`, `emit`, `close`; also fires `open` on every (re)connect, `connect_error`, and `refused` once the sign-in or account is refused (it then stops). */
export class RealtimeClient {
  private readonly socket: PartySocket;
  private readonly handlers = new Map<string, Set<Handler>>();

  /** `ticket` gives a fresh socket ticket for every (re)connect, or throws `TicketRefused` when the sign-in is over. */
  constructor(role: Role, id: string, ticket: () => Promise<string>) {
    this.socket = new PartySocket({
      host: window.location.host,
      protocol: window.location.protocol === "https:" ? "wss" : "ws",
      party: USER_ROOM_PARTY,
      room: userRoomName(role, id),
      query: async () => {
        try {
          return { ticket: await ticket() };
        } catch (error) {
          // Refused: stop reconnecting; the app asks the server and signs out.
          if (error instanceof TicketRefused) this.refuse();
          throw error;
        }
      },
      ...reconnectOptions(),
      shouldReconnectOnClose: (event) => !REFUSALS.includes(event.code),
    });
    this.socket.addEventListener("open", () => this.fire("open", null));
    this.socket.addEventListener("message", (event) => this.dispatch(event.data));
    this.socket.addEventListener("error", () => this.fire("connect_error", null));
    this.socket.addEventListener("close", (event) => {
      if (REFUSALS.includes(event.code)) this.refuse();
    });
  }

  /** A push event's handler gets its payload as the Worker sends it (shared/realtime-protocol.ts); the others get nothing. */
  on<E extends ClientSideEvent>(event: E, handler: (data: EventData<E>) => void): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.handlers.set(event, set);
    return this;
  }

  off<E extends ClientSideEvent>(event: E, handler: (data: EventData<E>) => void): this {
    this.handlers.get(event)?.delete(handler as Handler);
    return this;
  }

  /** Sends now when open; partysocket queues messages sent while reconnecting. */
  emit(event: ClientEvent, data: unknown): void {
    this.socket.send(JSON.stringify({ event, data }));
  }

  close(): void {
    this.handlers.clear();
    this.socket.close();
  }

  private refuse() {
    this.socket.close();
    this.fire("refused", null);
  }

  private fire(event: string, data: unknown) {
    this.handlers.get(event)?.forEach((handler) => handler(data));
  }

  private dispatch(raw: unknown) {
    if (typeof raw !== "string") return;
    try {
      const message = JSON.parse(raw) as { event?: unknown; data?: unknown };
      if (typeof message.event === "string") this.fire(message.event, message.data);
    } catch {
      // not an envelope: ignored
    }
  }
}
