import { Server, type Connection } from "partyserver";
import { parseEnvelope, type PushEvent } from "./protocol";

/**
 * One room per user (`<role>:<id>`), holding that user's open tabs. The Worker authorises the
 * connection before it reaches the room (see worker/realtime.ts) and pushes through `push`.
 */
export class UserRoom extends Server {
  static options = { hibernate: true };

  onMessage(connection: Connection, message: string | ArrayBuffer) {
    const envelope = parseEnvelope(message);
    if (envelope?.event === "setup") {
      connection.send(JSON.stringify({ event: "connected", data: { room: this.name } }));
    }
  }

  /** Closes every open tab of this user (their account was blocked); they may not reconnect. */
  async disconnectAll(code: number, reason: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      connection.close(code, reason);
      closed++;
    }
    return closed;
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
