import { PartySocket } from "partysocket";
import {
  CLOSE_ACCOUNT_REFUSED,
  CLOSE_ENDED,
  CLOSE_REPLACED,
  CLOSE_SIGN_IN_ENDED,
  LIVE_ROOM_PARTY,
  type LivePeer,
  parseEnvelope,
} from "../../shared/realtime-protocol";
import { TicketRefused } from "../platform/socket-ticket";

/**
 * What a person is told: joining the room, waiting for the other person, connecting to them, in the
 * call, reconnecting after a network drop, the other person left, the session ended, this
 * window was replaced by another one of theirs, or their sign-in ended (logout elsewhere, a
 * password change, a block).
 */
export type CallStatus =
  | "joining"
  | "waiting"
  | "connecting"
  | "connected"
  | "reconnecting"
  | "peer-left"
  | "ended"
  | "replaced"
  | "signed-out";

/**
 * What one side sends (ADR 0026): camera and microphone on or off, and whether the video is a shared
 * screen. It travels as a `signal` payload of its own kind (`{kind: "media", ...}`) without a `gen`,
 * so a page from before it ignores it; null until the other side has said.
 */
export type PeerMedia = { camera: boolean; mic: boolean; screen: boolean };

export type CallSnapshot = { status: CallStatus; peer: LivePeer | null; remoteStream: MediaStream | null; peerMedia: PeerMedia | null };

/** One offer/answer exchange; signals of an older exchange (before a reload or restart) are ignored. */
type Signal = { gen: string; description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit; restart?: boolean };

/** The tracks a person sends: a microphone, and a camera or a shared screen; either may be missing. */
export type OutgoingTracks = { audio: MediaStreamTrack | null; video: MediaStreamTrack | null };

function isPeerMedia(data: unknown): data is PeerMedia & { kind: "media" } {
  const d = data as Record<string, unknown> | null;
  return d?.kind === "media" && typeof d.camera === "boolean" && typeof d.mic === "boolean";
}

export type LiveCallOptions = {
  slotId: string;
  role: "mentee" | "mentor";
  /** A fresh socket ticket for each (re)connection of the room's socket; throws `TicketRefused` once the sign-in is over. */
  ticket: () => Promise<string>;
  iceServers: RTCIceServer[];
  /** The camera (or screen) and microphone at the start, or fewer (audio only), or none (no devices); `setTracks` changes them. */
  tracks: OutgoingTracks;
  media: PeerMedia;
};

/** How long a dropped connection may try to come back by itself before an ICE restart. */
const DISCONNECTED_GRACE_MS = 2500;

/**
 * A one-to-one WebRTC call signalled through the session's live room (ADR 0015). The mentor makes
 * every offer and the mentee answers, so the two never offer at once. A fresh peer connection is
 * made whenever the other person (re)joins; a connection that drops is restarted (ICE restart)
 * by the mentor, or at the mentee's request. Framework-free; React reads it through `subscribe`.
 */
export class LiveCall {
  private snapshot: CallSnapshot = { status: "joining", peer: null, remoteStream: null, peerMedia: null };
  private readonly listeners = new Set<() => void>();
  private readonly socket: PartySocket;
  private pc: RTCPeerConnection | null = null;
  private gen = "";
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  /** Messages are handled one at a time, in order: an offer is applied before the candidates after it. */
  private inbox: Promise<void> = Promise.resolve();
  private tracks: OutgoingTracks;
  private media: PeerMedia;
  /** The stream the sent tracks belong to (one for the call's life, so the other side keeps one stream). */
  private readonly outgoing = new MediaStream();

  constructor(private readonly options: LiveCallOptions) {
    this.tracks = options.tracks;
    this.media = options.media;
    this.socket = new PartySocket({
      host: window.location.host,
      protocol: window.location.protocol === "https:" ? "wss" : "ws",
      party: LIVE_ROOM_PARTY,
      room: options.slotId,
      query: async () => {
        try {
          return { ticket: await options.ticket() };
        } catch (error) {
          if (error instanceof TicketRefused) this.leave("signed-out");
          throw error;
        }
      },
      minReconnectionDelay: 1000,
      maxReconnectionDelay: 5000,
      connectionTimeout: 20000,
    });
    this.socket.addEventListener("message", (event) => {
      this.inbox = this.inbox.then(() => this.onMessage(event.data)).catch((error) => console.warn("live call: a signal failed", error));
    });
    this.socket.addEventListener("close", (event) => this.onSocketClose(event.code));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /**
   * Sends other tracks (another camera or microphone, a shared screen, the camera off) without a new
   * offer: every connection sends on both kinds from the start, so the sender's track is replaced.
   */
  setTracks(tracks: OutgoingTracks) {
    this.tracks = tracks;
    const pc = this.pc;
    if (!pc) return;
    for (const transceiver of pc.getTransceivers()) {
      const track = this.trackFor(transceiver);
      if (transceiver.sender.track !== track && transceiver.currentDirection !== "stopped")
        void transceiver.sender.replaceTrack(track).catch((error) => console.warn("live call: a track could not be replaced", error));
    }
  }

  /** Tells the other side what this side's camera, microphone and screen are doing now (and again whenever they (re)join). */
  setMedia(media: PeerMedia) {
    const changed = media.camera !== this.media.camera || media.mic !== this.media.mic || media.screen !== this.media.screen;
    this.media = media;
    if (changed && this.snapshot.peer) this.sendMedia();
  }

  /** Leaves the call: closes the peer connection and the room socket (the other side hears "left"). */
  leave(status: CallStatus = "ended") {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.restartTimer);
    this.pc?.close();
    this.pc = null;
    this.socket.close();
    this.update({ status, remoteStream: null });
  }

  private update(change: Partial<CallSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private signal(data: Omit<Signal, "gen">) {
    this.socket.send(JSON.stringify({ event: "signal", data: { gen: this.gen, ...data } }));
  }

  private sendMedia() {
    if (!this.closed) this.socket.send(JSON.stringify({ event: "signal", data: { kind: "media", ...this.media } }));
  }

  private trackFor(transceiver: RTCRtpTransceiver): MediaStreamTrack | null {
    return transceiver.receiver.track.kind === "audio" ? this.tracks.audio : this.tracks.video;
  }

  private onSocketClose(code: number) {
    if (this.closed) return;
    if (code === CLOSE_REPLACED) return this.leave("replaced");
    if (code === CLOSE_ENDED) return this.leave("ended");
    if (code === CLOSE_SIGN_IN_ENDED || code === CLOSE_ACCOUNT_REFUSED) return this.leave("signed-out");
    // The room socket dropped (partysocket reconnects); media may still flow browser to browser.
    if (this.snapshot.status !== "connected") this.update({ status: "reconnecting" });
  }

  private async onMessage(raw: unknown) {
    const envelope = parseEnvelope(raw);
    if (!envelope || this.closed) return;
    const data = envelope.data as Record<string, unknown> | null;
    switch (envelope.event) {
      case "welcome": {
        const peer = (data?.peer as LivePeer | null) ?? null;
        if (!peer) {
          this.resetPeerConnection();
          this.update({ status: "waiting", peer: null, remoteStream: null });
        } else this.peerArrived(peer);
        break;
      }
      case "peer-joined":
        this.peerArrived(data as unknown as LivePeer);
        break;
      case "peer-left":
        this.resetPeerConnection();
        this.update({ status: "peer-left", remoteStream: null, peerMedia: null });
        break;
      case "signal":
        if (isPeerMedia(data)) this.update({ peerMedia: { camera: data.camera, mic: data.mic, screen: data.screen === true } });
        else await this.onSignal(data as unknown as Signal);
        break;
      case "ended":
        this.leave("ended");
        break;
    }
  }

  /** The other person is in the room (again): a fresh connection; the mentor offers. */
  private peerArrived(peer: LivePeer) {
    this.update({ peer, status: "connecting", remoteStream: null, peerMedia: null });
    this.sendMedia();
    this.resetPeerConnection();
    if (this.options.role === "mentor") {
      this.createPeerConnection(crypto.randomUUID());
      void this.offer(false);
    }
  }

  private resetPeerConnection() {
    clearTimeout(this.restartTimer);
    this.pc?.close();
    this.pc = null;
    this.pendingCandidates = [];
  }

  private createPeerConnection(gen: string): RTCPeerConnection {
    this.gen = gen;
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    this.pc = pc;
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.update({ remoteStream: remote });
    };
    pc.onicecandidate = (event) => {
      if (event.candidate && this.pc === pc) this.signal({ candidate: event.candidate.toJSON() });
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      const state = pc.connectionState;
      if (state === "connected") {
        clearTimeout(this.restartTimer);
        this.update({ status: "connected", remoteStream: remote });
      } else if (state === "disconnected") {
        this.update({ status: "reconnecting" });
        clearTimeout(this.restartTimer);
        this.restartTimer = setTimeout(() => this.restart(), DISCONNECTED_GRACE_MS);
      } else if (state === "failed") {
        this.update({ status: "reconnecting" });
        this.restart();
      }
    };
    if (this.options.role === "mentor") {
      // Always both kinds, both ways, so the mentee's camera and microphone arrive even when his are off
      // or missing, and either side can turn a camera on, switch devices or share a screen without a new offer.
      for (const kind of ["audio", "video"] as const) {
        const track = kind === "audio" ? this.tracks.audio : this.tracks.video;
        pc.addTransceiver(track ?? kind, { direction: "sendrecv", streams: [this.outgoing] });
      }
    }
    return pc;
  }

  private restart() {
    if (!this.pc || this.closed) return;
    if (this.options.role === "mentor") void this.offer(true);
    else this.signal({ restart: true });
  }

  private async offer(iceRestart: boolean) {
    const pc = this.pc;
    if (!pc) return;
    const offer = await pc.createOffer({ iceRestart });
    if (this.pc !== pc) return;
    await pc.setLocalDescription(offer);
    this.signal({ description: pc.localDescription!.toJSON() });
  }

  private async onSignal(signal: Signal) {
    if (!signal || typeof signal.gen !== "string") return;
    if (this.options.role === "mentee" && signal.description?.type === "offer") return this.answer(signal);
    if (signal.gen !== this.gen || !this.pc) return;
    const pc = this.pc;
    if (signal.restart && this.options.role === "mentor") return this.restart();
    if (signal.description?.type === "answer" && pc.signalingState === "have-local-offer") {
      await pc.setRemoteDescription(signal.description);
      await this.flushCandidates(pc);
    } else if (signal.candidate) {
      if (pc.remoteDescription) await pc.addIceCandidate(signal.candidate).catch(() => undefined);
      else this.pendingCandidates.push(signal.candidate);
    }
  }

  /** The mentee answers an offer: a new exchange gets a new peer connection, a restart reuses it. */
  private async answer(signal: Signal) {
    const pc = signal.gen === this.gen && this.pc ? this.pc : (this.resetPeerConnection(), this.createPeerConnection(signal.gen));
    await pc.setRemoteDescription(signal.description!);
    for (const transceiver of pc.getTransceivers()) {
      const track = this.trackFor(transceiver);
      if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
      transceiver.sender.setStreams?.(this.outgoing);
      // Both ways even without a device, so a camera turned on later is sent without a new offer.
      transceiver.direction = "sendrecv";
    }
    const answer = await pc.createAnswer();
    if (this.pc !== pc) return;
    await pc.setLocalDescription(answer);
    this.signal({ description: pc.localDescription!.toJSON() });
    await this.flushCandidates(pc);
  }

  private async flushCandidates(pc: RTCPeerConnection) {
    const queued = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of queued) await pc.addIceCandidate(candidate).catch(() => undefined);
  }
}
