import { type Connection, type ConnectionContext, Server } from "partyserver";
import {
  CLOSE_ENDED,
  CLOSE_REPLACED,
  LIVE_HEADERS,
  type LivePeer,
  type LiveServerEvent,
  parseEnvelope,
  type SignInScope,
} from "../shared/realtime-protocol";
import { recordJoin, recordLeave, recordRoomClosed } from "../worker/attendance/presence";
import { type DbConfig, dbFor } from "../worker/platform/database";
import { closeSignIns, signInTags } from "./sign-in-tags";

type LiveConnection = Connection<LivePeer>;

const send = (connection: Connection, event: LiveServerEvent, data: unknown) => connection.send(JSON.stringify({ event, data }));

/**
 * The signalling room of one live session (named by its slot id): at most its mentor and its
 * mentee, one socket each. The Worker checks the ticket, the participant and the window before a
 * socket gets here (worker/realtime/rooms.routes.ts) and says who it is in headers. The room relays offers,
 * answers and ICE candidates to the other participant only, and closes everyone at the session's
 * end plus the grace period (an alarm). The video itself flows browser to browser (WebRTC).
 * It also keeps attendance (ADR 0026): each admitted socket's open and close is written to
 * `live_presence`, from which the session's outcome is settled once the room has closed.
 */
export class LiveRoom extends Server<DbConfig> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return signInTags(ctx);
  }

  async onConnect(connection: Connection, ctx: ConnectionContext) {
    const headers = ctx.request.headers;
    const role = headers.get(LIVE_HEADERS.role);
    const id = headers.get(LIVE_HEADERS.id);
    const closesAt = Number(headers.get(LIVE_HEADERS.closesAt));
    if ((role !== "mentee" && role !== "mentor") || !id || !Number.isFinite(closesAt)) {
      connection.close(1008, "Not admitted by the Worker");
      return;
    }
    // The room's own clock has the last word: after the end plus the grace period nobody enters.
    if (Date.now() >= closesAt) {
      send(connection, "ended", null);
      connection.close(CLOSE_ENDED, "The session has ended");
      return;
    }
    const peer: LivePeer = { role, id, name: decodeURIComponent(headers.get(LIVE_HEADERS.name) ?? "") };
    // The same person again (a reload, another window): the newest socket wins.
    for (const other of this.peers()) {
      if (other.id !== connection.id && other.state?.role === role)
        other.close(CLOSE_REPLACED, "You joined this session from another window");
    }
    connection.setState(peer);
    const present = this.counterpart(connection);
    send(connection, "welcome", { you: peer, peer: present?.state ?? null, closesAt: new Date(closesAt).toISOString() });
    if (present) send(present, "peer-joined", peer);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(closesAt);
    await this.record("join", () =>
      recordJoin(this.db(), { slotId: this.name, role, personId: id, connectionId: connection.id }, new Date()),
    );
  }

  onMessage(connection: Connection, message: string | ArrayBuffer) {
    const envelope = parseEnvelope(message);
    const from = (connection as LiveConnection).state;
    if (envelope?.event !== "signal" || !from) return;
    const to = this.counterpart(connection);
    if (to) send(to, "signal", envelope.data);
  }

  async onClose(connection: Connection) {
    const left = (connection as LiveConnection).state;
    if (!left) return;
    await this.record("leave", () => recordLeave(this.db(), connection.id, new Date()));
    // A replaced socket leaves silently: its person is still here.
    const stillHere = [...this.peers()].some((c) => c.id !== connection.id && c.state?.role === left.role);
    const other = this.counterpart(connection);
    if (!stillHere && other) send(other, "peer-left", left);
  }

  /** The session's end plus the grace period: everyone is told, then closed, and the record says they left now. */
  async onAlarm() {
    for (const connection of this.peers()) {
      send(connection, "ended", null);
      connection.close(CLOSE_ENDED, "The session has ended");
    }
    await this.record("room closed", () => recordRoomClosed(this.db(), this.name, new Date()));
  }

  /** A participant's sign-in ended (logout, password change or reset, block): their socket here closes too, never the other person's. */
  async disconnectSignIns(who: { role: string; id: string }, scope: SignInScope, code: number, reason: string): Promise<number> {
    const theirs = this.peers().filter((c) => c.state?.role === who.role && c.state.id === who.id);
    return closeSignIns(theirs, scope, code, reason);
  }

  /** The database, from the room's env (its DB_URL was checked by worker/platform/env.ts before any socket was admitted here). */
  private db() {
    return dbFor(this.env);
  }

  /** Writes an attendance record, retrying twice: a lost record would count someone as absent (they can still dispute). */
  private async record(what: string, write: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        if (attempt >= 3) return console.error(`[live-room ${this.name}] attendance ${what} not recorded`, error);
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }

  private peers(): LiveConnection[] {
    return [...this.getConnections<LivePeer>()];
  }

  /** The other participant's open socket, if any. */
  private counterpart(connection: Connection): LiveConnection | undefined {
    const me = (connection as LiveConnection).state;
    return this.peers().find((c) => c.id !== connection.id && c.state && c.state.role !== me?.role);
  }
}
