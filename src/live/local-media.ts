import { t } from "@lingui/core/macro";
import {
  type DeviceChoice,
  type DeviceKind,
  type DeviceLists,
  deviceLists,
  loadChoice,
  mediaErrorReason,
  NO_DEVICES,
  pickDevice,
  saveChoice,
  trackConstraints,
} from "./device-choice";

/** What the person chose or allowed: camera and microphone, microphone only, or nothing. */
export type MediaChoice = "camera-and-microphone" | "audio-only" | "no-devices";

export type LocalMediaSnapshot = {
  /** idle: nothing asked yet; asking: the browser's prompt is open; refused: the first ask failed (see `refusal`). */
  status: "idle" | "asking" | "ready" | "refused";
  refusal: string | null;
  /** The camera while it is on (turning it off stops it, so its light goes off). */
  camera: MediaStreamTrack | null;
  mic: MediaStreamTrack | null;
  /** The shared screen, sent instead of the camera while it lasts. */
  screen: MediaStreamTrack | null;
  /** The microphone is sent (muting keeps the device open, so unmuting is instant). */
  micOn: boolean;
  devices: DeviceLists;
  /** The devices chosen in this browser (see device-choice.ts). */
  choice: DeviceChoice;
  /** The last thing that went wrong after the start (a camera that could not be switched), for a polite message. */
  notice: string | null;
};

type TrackKind = "videoinput" | "audioinput";

/**
 * Whether this browser can share a screen: it has getDisplayMedia and is not a phone or tablet. Mobile browsers that
 * define it still cannot capture the screen (Chrome on Android refuses, iOS has none), so a touch-only device, or one
 * that says it is mobile, is not offered "Share screen" at all.
 */
export function canShareScreen(): boolean {
  if (typeof navigator === "undefined" || typeof navigator.mediaDevices?.getDisplayMedia !== "function") return false;
  const mobile = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile === true;
  if (mobile || /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)) return false;
  const matches = (query: string) => typeof window !== "undefined" && Boolean(window.matchMedia?.(query).matches);
  // Only a coarse pointer (a finger) and no fine one (a mouse, a trackpad): a phone or tablet, not a touch laptop.
  return !(matches("(pointer: coarse)") && !matches("(any-pointer: fine)"));
}

/**
 * The camera, microphone and shared screen of one person for a call (ADR 0026), framework-free:
 * the pre-join check and the call read it through `subscribe`/`getSnapshot`. Device switches and
 * toggles change the tracks; the call sends whatever tracks the snapshot holds.
 */
export class LocalMedia {
  private snapshot: LocalMediaSnapshot;
  private readonly listeners = new Set<() => void>();
  /** One counter per kind: a slow getUserMedia answer that was overtaken by a later one is stopped, not used. */
  private readonly turns: Record<TrackKind, number> = { videoinput: 0, audioinput: 0 };
  private readonly storage = typeof localStorage === "undefined" ? undefined : localStorage;

  constructor() {
    this.snapshot = {
      status: "idle",
      refusal: null,
      camera: null,
      mic: null,
      screen: null,
      micOn: true,
      devices: NO_DEVICES,
      choice: loadChoice(this.storage),
      notice: null,
    };
  }

  readonly canShareScreen = canShareScreen();
  readonly canChooseSpeaker = typeof HTMLMediaElement !== "undefined" && "setSinkId" in HTMLMediaElement.prototype;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private update(change: Partial<LocalMediaSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Asks for the devices of a choice (the browser's prompt the first time); a refusal says why. */
  async start(choice: MediaChoice): Promise<void> {
    this.stopTracks();
    if (choice === "no-devices") {
      this.update({ status: "ready", refusal: null, micOn: false, notice: null });
      return void this.refreshDevices();
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      return this.update({
        status: "refused",
        refusal: t`This browser cannot use a camera or microphone here (it needs a secure https page).`,
      });
    }
    this.update({ status: "asking", refusal: null, notice: null });
    const video = choice === "camera-and-microphone";
    const turn = { videoinput: ++this.turns.videoinput, audioinput: ++this.turns.audioinput };
    try {
      const lists = await this.listDevices();
      const stream = await getUserMediaOrDefault({
        video: video && trackConstraints("videoinput", pickDevice(lists, this.snapshot.choice, "videoinput")),
        audio: trackConstraints("audioinput", pickDevice(lists, this.snapshot.choice, "audioinput")),
      });
      if (turn.videoinput !== this.turns.videoinput || turn.audioinput !== this.turns.audioinput)
        return stream.getTracks().forEach((t) => t.stop());
      this.update({ status: "ready", camera: stream.getVideoTracks()[0] ?? null, mic: stream.getAudioTracks()[0] ?? null, micOn: true });
      await this.refreshDevices();
    } catch (error) {
      this.update({ status: "refused", refusal: mediaErrorReason(error) });
    }
  }

  /** Turns the camera on (opening the chosen one) or off (stopping it). */
  async setCamera(on: boolean): Promise<void> {
    if (!on) {
      this.turns.videoinput++;
      this.snapshot.camera?.stop();
      return this.update({ camera: null });
    }
    if (!this.snapshot.camera) await this.open("videoinput");
  }

  /** Mutes or unmutes; unmuting without a microphone opens the chosen one. */
  async setMic(on: boolean): Promise<void> {
    const mic = this.snapshot.mic;
    if (mic) {
      mic.enabled = on;
      return this.update({ micOn: on });
    }
    if (on && (await this.open("audioinput"))) this.update({ micOn: true });
  }

  /** Uses another device of a kind, remembered for next time; a camera or microphone in use is swapped at once. */
  async choose(kind: DeviceKind, id: string): Promise<void> {
    this.update({ choice: saveChoice(this.storage, this.snapshot.choice, kind, id), notice: null });
    if (kind === "videoinput" && this.snapshot.camera) await this.open("videoinput");
    if (kind === "audioinput" && this.snapshot.mic) await this.open("audioinput");
  }

  /** Shares a screen, a window or a tab instead of the camera; the browser's own "Stop sharing" ends it too. */
  async shareScreen(): Promise<void> {
    if (!this.canShareScreen || this.snapshot.screen) return;
    try {
      const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = stream.getVideoTracks()[0];
      if (!track) return;
      track.contentHint = "detail";
      track.addEventListener("ended", () => this.snapshot.screen === track && this.update({ screen: null }));
      this.update({ screen: track, notice: null });
    } catch (error) {
      // Cancelling the browser's picker is not a problem worth a message.
      if ((error as { name?: string })?.name !== "NotAllowedError") this.update({ notice: t`Your screen could not be shared.` });
    }
  }

  stopSharing(): void {
    this.snapshot.screen?.stop();
    this.update({ screen: null });
  }

  /** Stops every device (leaving the call, or the page). */
  stop(): void {
    this.stopTracks();
    this.update({ status: "idle" });
  }

  /** Follows devices plugged in or out while the page shows; the answer stops every device and lets go. */
  attach(): () => void {
    navigator.mediaDevices?.addEventListener?.("devicechange", this.refreshDevices);
    return () => {
      navigator.mediaDevices?.removeEventListener?.("devicechange", this.refreshDevices);
      this.stop();
    };
  }

  private stopTracks() {
    this.turns.videoinput++;
    this.turns.audioinput++;
    const { camera, mic, screen } = this.snapshot;
    for (const track of [camera, mic, screen]) track?.stop();
    this.snapshot = { ...this.snapshot, camera: null, mic: null, screen: null };
  }

  /** Opens the chosen device of a kind in place of the current one; false (with a notice) when it cannot be opened. */
  private async open(kind: TrackKind): Promise<boolean> {
    const turn = ++this.turns[kind];
    const field = kind === "videoinput" ? "camera" : "mic";
    // A phone can hold one camera at a time: the old one stops first.
    if (kind === "videoinput") this.snapshot.camera?.stop();
    try {
      const id = pickDevice(this.snapshot.devices, this.snapshot.choice, kind);
      const stream = await getUserMediaOrDefault(
        kind === "videoinput" ? { video: trackConstraints(kind, id) } : { audio: trackConstraints(kind, id) },
      );
      const track = stream.getTracks()[0];
      if (turn !== this.turns[kind] || !track) {
        stream.getTracks().forEach((t) => t.stop());
        return false;
      }
      if (kind === "audioinput") track.enabled = this.snapshot.micOn;
      const old = this.snapshot[field];
      if (old !== track) old?.stop();
      this.update({ [field]: track, notice: null });
      await this.refreshDevices();
      return true;
    } catch (error) {
      if (turn !== this.turns[kind]) return false;
      if (kind === "videoinput") this.update({ camera: null });
      const reason = mediaErrorReason(error);
      this.update({
        notice: kind === "videoinput" ? t`The camera could not be started. ${reason}` : t`The microphone could not be started. ${reason}`,
      });
      return false;
    }
  }

  private async listDevices(): Promise<DeviceLists> {
    if (!navigator.mediaDevices?.enumerateDevices) return NO_DEVICES;
    try {
      return deviceLists(await navigator.mediaDevices.enumerateDevices());
    } catch {
      return NO_DEVICES;
    }
  }

  private readonly refreshDevices = async () => {
    this.update({ devices: await this.listDevices() });
  };
}

/** getUserMedia with the chosen devices; when a chosen device is gone (unplugged), the browser's default instead. */
async function getUserMediaOrDefault(constraints: MediaStreamConstraints): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(constraints);
  } catch (error) {
    if ((error as { name?: string })?.name !== "OverconstrainedError") throw error;
    const loose = (c: MediaStreamConstraints["audio"]) => (c && typeof c === "object" ? { ...c, deviceId: undefined } : c);
    return navigator.mediaDevices.getUserMedia({ video: loose(constraints.video), audio: loose(constraints.audio) });
  }
}
