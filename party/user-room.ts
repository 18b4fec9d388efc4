import { type Connection, type ConnectionContext, Server } from "partyserver";
import { type PushEvent, parseEnvelope, type SignInScope, userOfRoom } from "../shared/realtime-protocol";
import { type DbConfig, dbFor } from "../worker/platform/database";
import { recordOpenTabs } from "../worker/realtime/open-rooms";
import { closeSignIns, signInTags } from "./sign-in-tags";

/** A WebSocket's readyState while it is open. */
const OPEN = 1;

/**
 * One room per user (`<role>:<id>`), holding that user's open tabs, each tagged with its sign-in.
 * The Worker authorises the connection before it reaches the room (see worker/realtime/rooms.routes.ts) and
 * pushes through `push`.
 */
export class UserRoom extends Server<DbConfig> {
  static options = { hibernate: true };
  /** The room's writes of its open tabs, one after another (see `recordTabs`). */
  private writing: Promise<void> = Promise.resolve();

  onConnect() {
    this.recordTabs();
  }

  onClose() {
    this.recordTabs();
  }

  onError() {
    this.recordTabs();
  }

  /**
   * Writes how many tabs are open here (ADR 0043), after the tab's connection or departure, without holding it up. One
   * write at a time, each counting when it runs: the last one written is the room as it stands, whatever order the
   * database would have answered several in. Tabs are counted by their sockets' state, not by id: a tab that
   * reconnects keeps its id, and its new socket may arrive before the old one's close.
   */
  private recordTabs() {
    const who = userOfRoom(this.name);
    if (!who) return;
    const write = () => {
      const tabs = [...this.getConnections()].filter((c) => c.readyState === OPEN).length;
      return recordOpenTabs(dbFor(this.env, "background"), who, tabs, new Date());
    };
    this.writing = this.writing
      .then(write)
      .catch((error: unknown) => console.error(`[user-room ${this.name}] open tabs not recorded`, error));
    this.ctx.waitUntil(this.writing);
  }

  onMessage(connection: Connection, message: string | ArrayBuffer) {
    const envelope = parseEnvelope(message);
    if (envelope?.event === "setup") {
      connection.send(JSON.stringify({ event: "connected", data: { room: this.name } }));
    }
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return signInTags(ctx);
  }

  /** Closes the open tabs of the sign-ins in `scope` (ended by logout, a password change or reset, or a block). */
  async disconnectSignIns(scope: SignInScope, code: number, reason: string): Promise<number> {
    return closeSignIns(this.getConnections(), scope, code, reason);
  }

  /** Called by the Worker over RPC after a database commit. */
  async push(event: PushEvent, data: unknown): Promise<number> {
    return this.pushAll([{ event, data }]);
  }

  /** Several pushes of one commit in one RPC call (a message and its notification), in order. */
  async pushAll(envelopes: { event: PushEvent; data: unknown }[]): Promise<number> {
    const payloads = envelopes.map((envelope) => JSON.stringify(envelope));
    let delivered = 0;
    for (const connection of this.getConnections()) {
      for (const payload of payloads) connection.send(payload);
      delivered++;
    }
    return delivered;
  }
}
