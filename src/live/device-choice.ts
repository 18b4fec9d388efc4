import { t } from "@lingui/core/macro";
// The app's Lingui instance (English until another language is chosen): names and reasons are written at call time.
import "@/platform/i18n";

/**
 * The camera, microphone and speaker a person chose for calls (ADR 0026): pure logic, kept apart
 * from the browser's media APIs so it can be tested. A choice is remembered in this browser, and
 * falls back to the first device of its kind when the chosen one is gone (unplugged).
 */

export type DeviceKind = "videoinput" | "audioinput" | "audiooutput";
export type DeviceOption = { id: string; label: string };
export type DeviceLists = Record<DeviceKind, DeviceOption[]>;
/** Device ids by kind; absent: the browser's default. */
export type DeviceChoice = Partial<Record<DeviceKind, string>>;

export const NO_DEVICES: DeviceLists = { videoinput: [], audioinput: [], audiooutput: [] };

const KINDS: DeviceKind[] = ["videoinput", "audioinput", "audiooutput"];
/** "Camera 2": a device whose name the browser hides yet, in the reader's language. */
const unnamed = (kind: DeviceKind, n: number) =>
  kind === "videoinput" ? t`Camera ${n}` : kind === "audioinput" ? t`Microphone ${n}` : t`Speaker ${n}`;

/**
 * The browser's device list as options per kind. Before the person allowed the camera and
 * microphone, browsers hide labels (and often ids): such devices are named "Camera 1",
 * "Microphone 2"; entries without an id cannot be chosen and are left out, as are repeats.
 */
export function deviceLists(infos: readonly { deviceId: string; kind: string; label: string }[]): DeviceLists {
  const lists: DeviceLists = { videoinput: [], audioinput: [], audiooutput: [] };
  for (const info of infos) {
    if (!(info.kind in lists) || !info.deviceId) continue;
    const list = lists[info.kind as DeviceKind];
    if (list.some((d) => d.id === info.deviceId)) continue;
    list.push({ id: info.deviceId, label: info.label.trim() || unnamed(info.kind as DeviceKind, list.length + 1) });
  }
  return lists;
}

/** The device of a kind to use: the chosen one while it is there, else the first of its kind, else none (the browser's default). */
export function pickDevice(lists: DeviceLists, choice: DeviceChoice, kind: DeviceKind): string | undefined {
  const wanted = choice[kind];
  const list = lists[kind];
  if (wanted && list.some((d) => d.id === wanted)) return wanted;
  return list[0]?.id;
}

/** The constraints of one kind for getUserMedia: the chosen device (exactly) when there is one, the default otherwise. */
export function trackConstraints(kind: "videoinput" | "audioinput", deviceId: string | undefined): MediaTrackConstraints | true {
  const video: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 } };
  if (kind === "videoinput") return deviceId ? { ...video, deviceId: { exact: deviceId } } : video;
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

const STORAGE_KEY = "liveDevices";
type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

/** The choice remembered in this browser (an empty choice when none, or when what is stored is not a choice). */
export function loadChoice(store: KeyValueStore | undefined): DeviceChoice {
  try {
    const raw = JSON.parse(store?.getItem(STORAGE_KEY) ?? "{}") as Record<string, unknown>;
    const choice: DeviceChoice = {};
    for (const kind of KINDS) if (typeof raw?.[kind] === "string" && raw[kind]) choice[kind] = raw[kind] as string;
    return choice;
  } catch {
    return {};
  }
}

/** Remembers one kind's choice, keeping the others. */
export function saveChoice(store: KeyValueStore | undefined, choice: DeviceChoice, kind: DeviceKind, id: string): DeviceChoice {
  const next = { ...choice, [kind]: id };
  try {
    store?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or forbidden (a private window): the choice holds for this page only.
  }
  return next;
}

/** Why the camera or microphone could not be used, in words a person can act on. */
export function mediaErrorReason(error: unknown): string {
  const name = typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
  if (name === "NotAllowedError" || name === "SecurityError") return t`Your browser was not allowed to use your camera or microphone.`;
  if (name === "NotFoundError" || name === "OverconstrainedError") return t`No camera or microphone was found on this device.`;
  if (name === "NotReadableError") return t`Your camera or microphone is in use by another app.`;
  return t`Your camera and microphone could not be started.`;
}
