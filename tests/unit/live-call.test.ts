import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The call's recovery when the network drops (ADR 0015), with a fake room socket and fake peer
 * connections: the browser's real WebRTC stack cannot be made to lose its network on demand in the
 * e2e tests, so this checks what LiveCall does with the states the browser reports.
 */

class FakeSocket extends EventTarget {
  static last: FakeSocket;
  sent: { event: string; data: Record<string, unknown> }[] = [];
  closed = false;
  constructor(readonly options: { query: () => Promise<Record<string, string>> }) {
    super();
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  /** The live room closes the socket with a code. */
  closeWith(code: number) {
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
  /** A message from the live room. */
  receive(event: string, data: unknown) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify({ event, data }) }));
  }
  /** The WebRTC signals sent (offers, answers, candidates, restarts), without the media-state messages. */
  signals() {
    return this.sent.filter((m) => m.event === "signal" && m.data.kind !== "media").map((m) => m.data);
  }
  /** The media-state messages sent (ADR 0026). */
  mediaStates() {
    return this.sent.filter((m) => m.event === "signal" && m.data.kind === "media").map((m) => m.data);
  }
}

vi.mock("partysocket", () => ({ PartySocket: FakeSocket }));

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  connectionState: RTCPeerConnectionState = "new";
  signalingState: RTCSignalingState = "stable";
  localDescription: { type: string; sdp: string; toJSON(): unknown } | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  offers: (RTCOfferOptions | undefined)[] = [];
  onconnectionstatechange: (() => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  onicecandidate: ((event: unknown) => void) | null = null;
  closed = false;
  private transceivers: unknown[] = [];
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTransceiver(trackOrKind: unknown, init?: { direction?: string }) {
    const kind = typeof trackOrKind === "string" ? trackOrKind : (trackOrKind as { kind: string }).kind;
    const sender = {
      track: typeof trackOrKind === "string" ? null : trackOrKind,
      async replaceTrack(track: unknown) {
        sender.track = track;
      },
    };
    this.transceivers.push({ receiver: { track: { kind } }, sender, direction: init?.direction ?? "sendrecv" });
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer(options?: RTCOfferOptions) {
    this.offers.push(options);
    return { type: "offer", sdp: `offer ${this.offers.length}` };
  }
  async createAnswer() {
    return { type: "answer", sdp: "answer" };
  }
  async setLocalDescription(description: { type: string; sdp: string }) {
    this.localDescription = { ...description, toJSON: () => ({ type: description.type, sdp: description.sdp }) };
    this.signalingState = description.type === "offer" ? "have-local-offer" : "stable";
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    this.signalingState = description.type === "offer" ? "have-remote-offer" : "stable";
  }
  async addIceCandidate() {}
  close() {
    this.closed = true;
  }
  /** The browser reports a new connection state. */
  become(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

const NO_MEDIA = { camera: false, mic: false, screen: false };

async function startCall(
  role: "mentee" | "mentor",
  ticket: () => Promise<string> = async () => "ticket",
  tracks: { audio: unknown; video: unknown } = { audio: null, video: null },
  media = NO_MEDIA,
) {
  const { LiveCall } = await import("../../src/live/live-call");
  const call = new LiveCall({ slotId: "slot-1", role, ticket, iceServers: [], tracks: tracks as never, media });
  return { call, socket: FakeSocket.last };
}

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal("window", { location: { host: "localhost", protocol: "http:" } });
  vi.stubGlobal("RTCPeerConnection", FakePeerConnection);
  vi.stubGlobal(
    "MediaStream",
    class {
      addTrack() {}
    },
  );
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const mentee = { role: "mentee", id: "m1", name: "Maya" };
const mentor = { role: "mentor", id: "a1", name: "Asha" };

describe("a dropped connection comes back", () => {
  it("the mentor restarts ICE on the same connection when it fails, and says 'reconnecting' meanwhile", async () => {
    const { call, socket } = await startCall("mentor");
    socket.receive("welcome", { peer: mentee });
    await settle();
    const [pc] = FakePeerConnection.made;
    expect(pc.offers).toEqual([{ iceRestart: false }]);
    const gen = socket.signals()[0].gen;
    pc.become("connected");
    expect(call.getSnapshot().status).toBe("connected");

    pc.become("failed");
    expect(call.getSnapshot().status).toBe("reconnecting");
    await settle();
    expect(pc.offers).toEqual([{ iceRestart: false }, { iceRestart: true }]);
    const restartOffer = socket.signals().at(-1)!;
    expect(restartOffer).toMatchObject({ gen, description: { type: "offer", sdp: "offer 2" } });
    expect(FakePeerConnection.made).toHaveLength(1);

    pc.become("connected");
    expect(call.getSnapshot().status).toBe("connected");
  });

  it("a short disconnection is given 2.5 s to heal by itself before the mentor restarts ICE", async () => {
    const { call, socket } = await startCall("mentor");
    socket.receive("welcome", { peer: mentee });
    await settle();
    const [pc] = FakePeerConnection.made;
    pc.become("connected");

    pc.become("disconnected");
    expect(call.getSnapshot().status).toBe("reconnecting");
    vi.advanceTimersByTime(2000);
    pc.become("connected");
    vi.advanceTimersByTime(5000);
    await settle();
    expect(pc.offers).toEqual([{ iceRestart: false }]);

    pc.become("disconnected");
    vi.advanceTimersByTime(2500);
    await settle();
    expect(pc.offers).toEqual([{ iceRestart: false }, { iceRestart: true }]);
  });

  it("the mentee asks the mentor to restart, then answers his restart offer on the same connection", async () => {
    const { call, socket } = await startCall("mentee");
    socket.receive("welcome", { peer: mentor });
    await settle();
    socket.receive("signal", { gen: "g1", description: { type: "offer", sdp: "first" } });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(1);
    const [pc] = FakePeerConnection.made;
    expect(socket.signals().at(-1)).toMatchObject({ gen: "g1", description: { type: "answer" } });
    pc.become("connected");

    pc.become("failed");
    expect(call.getSnapshot().status).toBe("reconnecting");
    // The mentee never offers (no glare): she asks him to.
    expect(pc.offers).toEqual([]);
    expect(socket.signals().at(-1)).toEqual({ gen: "g1", restart: true });

    socket.receive("signal", { gen: "g1", description: { type: "offer", sdp: "restart" } });
    await settle();
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(pc.remoteDescription).toEqual({ type: "offer", sdp: "restart" });
    expect(socket.signals().at(-1)).toMatchObject({ gen: "g1", description: { type: "answer" } });
    pc.become("connected");
    expect(call.getSnapshot().status).toBe("connected");
  });

  it("the mentor answers a restart request of the current exchange only, not one from before a reload", async () => {
    const { socket } = await startCall("mentor");
    socket.receive("welcome", { peer: mentee });
    await settle();
    const [pc] = FakePeerConnection.made;
    const gen = socket.signals()[0].gen as string;
    socket.receive("signal", { gen: "an-older-exchange", restart: true });
    await settle();
    expect(pc.offers).toHaveLength(1);
    socket.receive("signal", { gen, restart: true });
    await settle();
    expect(pc.offers).toEqual([{ iceRestart: false }, { iceRestart: true }]);
  });
});

describe("a sign-in that ends during the call", () => {
  it("each (re)connect asks for a fresh ticket and puts it in the query", async () => {
    let n = 0;
    const { socket } = await startCall("mentee", async () => `ticket-${++n}`);
    expect(await socket.options.query()).toEqual({ ticket: "ticket-1" });
    expect(await socket.options.query()).toEqual({ ticket: "ticket-2" });
  });

  it("a ticket the server refuses ends the call as signed out and stops the socket", async () => {
    const { TicketRefused } = await import("../../src/platform/socket-ticket");
    const { call, socket } = await startCall("mentee", async () => {
      throw new TicketRefused("This sign-in has ended.");
    });
    await expect(socket.options.query()).rejects.toThrow("This sign-in has ended.");
    expect(call.getSnapshot().status).toBe("signed-out");
    expect(socket.closed).toBe(true);
  });

  it("a network failure while fetching a ticket is retried by the socket, the call goes on", async () => {
    const { call, socket } = await startCall("mentor", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(socket.options.query()).rejects.toThrow("Failed to fetch");
    expect(call.getSnapshot().status).toBe("joining");
    expect(socket.closed).toBe(false);
  });

  it("the room closing the socket because the sign-in ended (4001) or the account was refused (4003) ends the call as signed out", async () => {
    for (const code of [4001, 4003]) {
      const { call, socket } = await startCall("mentor");
      socket.receive("welcome", { peer: mentee });
      await settle();
      socket.closeWith(code);
      expect(call.getSnapshot().status).toBe("signed-out");
      expect(socket.closed).toBe(true);
      expect(FakePeerConnection.made.at(-1)!.closed).toBe(true);
    }
  });
});

describe("devices and media state during the call", () => {
  const camera = { kind: "video", id: "camera" };
  const mic = { kind: "audio", id: "mic" };

  it("the mentor sends both kinds both ways from the start, even without devices, so a camera turned on later needs no new offer", async () => {
    const { call, socket } = await startCall("mentor", undefined, { audio: mic, video: null });
    socket.receive("welcome", { peer: mentee });
    await settle();
    const [pc] = FakePeerConnection.made;
    const transceivers = pc.getTransceivers() as { direction: string; sender: { track: unknown } }[];
    expect(transceivers.map((t) => [t.direction, t.sender.track])).toEqual([
      ["sendrecv", mic],
      ["sendrecv", null],
    ]);

    // The camera comes on, then a screen is shared instead, then the camera is turned off: tracks are replaced, no offer.
    call.setTracks({ audio: mic as never, video: camera as never });
    await settle();
    expect(transceivers[1].sender.track).toBe(camera);
    const screen = { kind: "video", id: "screen" };
    call.setTracks({ audio: mic as never, video: screen as never });
    await settle();
    expect(transceivers[1].sender.track).toBe(screen);
    call.setTracks({ audio: mic as never, video: null });
    await settle();
    expect(transceivers[1].sender.track).toBeNull();
    expect(pc.offers).toEqual([{ iceRestart: false }]);
  });

  it("the mentee answers sending on both kinds, with the tracks she has now", async () => {
    const { call, socket } = await startCall("mentee");
    socket.receive("welcome", { peer: mentor });
    await settle();
    call.setTracks({ audio: mic as never, video: camera as never });
    socket.receive("signal", { gen: "g1", description: { type: "offer", sdp: "offer" } });
    await settle();
    const [answering] = FakePeerConnection.made;
    // A fake offer adds no transceivers: give the connection the two kinds as a browser would, then answer again.
    answering.addTransceiver("audio", { direction: "recvonly" });
    answering.addTransceiver("video", { direction: "recvonly" });
    socket.receive("signal", { gen: "g1", description: { type: "offer", sdp: "again" } });
    await settle();
    const transceivers = answering.getTransceivers() as { direction: string; sender: { track: unknown } }[];
    expect(transceivers.map((t) => [t.direction, t.sender.track])).toEqual([
      ["sendrecv", mic],
      ["sendrecv", camera],
    ]);
  });

  it("camera and microphone on or off travel as a signal of their own kind, again whenever the other (re)joins; other signals work as before", async () => {
    const { call, socket } = await startCall("mentor", undefined, undefined, { camera: true, mic: true, screen: false });
    // Nobody to tell yet.
    call.setMedia({ camera: false, mic: true, screen: false });
    expect(socket.mediaStates()).toEqual([]);
    socket.receive("welcome", { peer: mentee });
    await settle();
    expect(socket.mediaStates()).toEqual([{ kind: "media", camera: false, mic: true, screen: false }]);
    // No "gen": a page that does not know it ignores it.
    expect(socket.mediaStates()[0]).not.toHaveProperty("gen");
    call.setMedia({ camera: false, mic: false, screen: false });
    call.setMedia({ camera: false, mic: false, screen: false });
    expect(socket.mediaStates()).toHaveLength(2);

    // Hers arrives; an old-style signal of the same exchange is still handled.
    expect(call.getSnapshot().peerMedia).toBeNull();
    socket.receive("signal", { kind: "media", camera: false, mic: false, screen: false });
    await settle();
    expect(call.getSnapshot().peerMedia).toEqual({ camera: false, mic: false, screen: false });
    const gen = socket.signals()[0].gen;
    socket.receive("signal", { gen, description: { type: "answer", sdp: "answer" } });
    await settle();
    expect(FakePeerConnection.made[0].remoteDescription).toEqual({ type: "answer", sdp: "answer" });

    // She leaves: what she sent is forgotten; she comes back: she is told again.
    socket.receive("peer-left", mentee);
    await settle();
    expect(call.getSnapshot().peerMedia).toBeNull();
    socket.receive("peer-joined", mentee);
    await settle();
    expect(socket.mediaStates()).toHaveLength(3);
    // A malformed media message changes nothing.
    socket.receive("signal", { kind: "media", camera: "yes" });
    await settle();
    expect(call.getSnapshot().peerMedia).toBeNull();
  });
});
