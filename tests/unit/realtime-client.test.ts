import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** The user-room client's reaction to an ended sign-in (ADR 0020), with a fake socket. */

type Options = { query: () => Promise<Record<string, string>>; shouldReconnectOnClose: (event: { code: number }) => boolean };

class FakeSocket extends EventTarget {
  static last: FakeSocket;
  closed = false;
  constructor(readonly options: Options) {
    super();
    FakeSocket.last = this;
  }
  send() {}
  close() {
    this.closed = true;
  }
  closeWith(code: number) {
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
}

vi.mock("partysocket", () => ({ PartySocket: FakeSocket }));

async function start(ticket: () => Promise<string>) {
  const { RealtimeClient } = await import("../../src/platform/realtime");
  const client = new RealtimeClient("mentee", "m1", ticket);
  const refused = vi.fn();
  client.on("refused", refused);
  return { socket: FakeSocket.last, refused };
}

beforeEach(() => vi.stubGlobal("window", { location: { host: "localhost", protocol: "http:" } }));
afterEach(() => vi.unstubAllGlobals());

describe("the user-room client", () => {
  it("connects with a fresh ticket each time, never the access token", async () => {
    let n = 0;
    const { socket } = await start(async () => `ticket-${++n}`);
    expect(await socket.options.query()).toEqual({ ticket: "ticket-1" });
    expect(await socket.options.query()).toEqual({ ticket: "ticket-2" });
  });

  it("stops and reports 'refused' when the server refuses the ticket; keeps trying after a network failure", async () => {
    const { TicketRefused } = await import("../../src/platform/socket-ticket");
    const refusedTicket = await start(async () => {
      throw new TicketRefused("This sign-in has ended.");
    });
    await expect(refusedTicket.socket.options.query()).rejects.toThrow();
    expect(refusedTicket.refused).toHaveBeenCalledOnce();
    expect(refusedTicket.socket.closed).toBe(true);

    const offline = await start(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(offline.socket.options.query()).rejects.toThrow();
    expect(offline.refused).not.toHaveBeenCalled();
    expect(offline.socket.closed).toBe(false);
  });

  it("a close for an ended sign-in (4001) or a refused account (4003) is not retried and reports 'refused'; a dropped network is retried", async () => {
    const { socket, refused } = await start(async () => "ticket");
    expect(socket.options.shouldReconnectOnClose({ code: 4001 })).toBe(false);
    expect(socket.options.shouldReconnectOnClose({ code: 4003 })).toBe(false);
    expect(socket.options.shouldReconnectOnClose({ code: 1006 })).toBe(true);
    socket.closeWith(1006);
    expect(refused).not.toHaveBeenCalled();
    socket.closeWith(4001);
    expect(refused).toHaveBeenCalledOnce();
    expect(socket.closed).toBe(true);
  });
});
