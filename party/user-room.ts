import { type Connection, type ConnectionContext, Server } from "partyserver";
import { type PushEvent, parseEnvelope, type SignInScope } from "../shared/realtime-protocol";
import { closeSignIns, signInTags } from "./sign-in-tags";

/**
 * One room per user (`<role>:<id>`), holding that user's open tabs, each tagged with its sign-in.
 * The Worker authorises the connection before it reaches the room (see worker/realtime/rooms.routes.ts) and
 * pushes through `push`.
 */
export class UserRoom extends Server {
  static options = { hibernate: true };

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
