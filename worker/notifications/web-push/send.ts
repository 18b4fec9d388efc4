import { buildPushPayload } from "@block65/webcrypto-web-push";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";
import { resolveLocale } from "../../../shared/locale";
import { channelOn, ruleOf } from "../../../shared/notification-kinds";
import type { NotificationPush } from "../../../shared/realtime-protocol";
import type { Role } from "../../../shared/role";
import type { WebPushPayload } from "../../../shared/web-push";
import { familyLive } from "../../accounts/sessions";
import { currentTime } from "../../platform/clock";
import { dbFor } from "../../platform/database";
import type { WaitUntil } from "../../platform/deps";
import { type Config, type Env, readConfig } from "../../platform/env";
import { thirdPartiesOf } from "../../platform/ports/third-parties";
import type { PushTransport } from "../../platform/ports/web-push-transport";
import { type DeliveryOptions, deliveryOptions, pushPayload } from "./payload";

/**
 * Web Push after the commit: every notice a person's bell gets also goes to each of her
 * devices, when her push channel for its kind is on. The push service (services/push.ts) calls it
 * for every `notification` it pushes to a room, so there is no second path to forget. Runs after
 * the response, like the room push; a lost push loses nothing (the bell keeps the notice).
 *
 * Each message is encrypted for its device (RFC 8291, aes128gcm) and signed with the VAPID key
 * (RFC 8292) by @block65/webcrypto-web-push (ADR 0027), then POSTed to the device's push service
 * through the transport the entry chose. A 404 or 410 means the browser dropped the subscription:
 * the row goes. Anything else that is not a success is logged and left (the next notice tries again).
 */

type Recipient = { role: Role; id: string };
type Vapid = { subject: string; publicKey: string; privateKey: string };
export type PushOutcome = "sent" | "gone" | "failed";
export type PushReport = { sent: number; gone: number; failed: number };

const NONE: PushReport = { sent: 0, gone: 0, failed: 0 };

export function vapidOf(config: Config): Vapid | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY || !config.VAPID_SUBJECT) return null;
  return { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
}

/**
 * Sends the notice to her devices after the response (call only after the notice committed). `devices`: her devices as a
 * write's own batch already read them (`deviceTargetsQuery`), so no further trip is needed.
 */
export function webPushSoon(env: Env, waitUntil: WaitUntil, to: Recipient, notice: NotificationPush, devices?: DeviceTarget[]): void {
  if (ruleOf(to.role, notice.kind, "push") === "none") return;
  waitUntil(sendWebPush(env, to, notice, devices).catch((error: unknown) => console.error("web push failed", notice.kind, error)));
}

export type DeviceTarget = { id: string; endpoint: string; p256dh: string; auth: string; push_on: number | null; locale: string | null };
type Target = DeviceTarget;

const LOCALE_OF = {
  mentee: sql`(select locale from mentees where id = s.owner_id)`,
  mentor: sql`(select locale from mentors where id = s.owner_id)`,
  moderator: sql`(select locale from moderators where id = s.owner_id)`,
};

/**
 * Her devices whose sign-in is still live (neither ended nor expired: a device passed on after its
 * sign-in ran out gets nothing of hers), each with her push switch for this kind and her language,
 * in one statement (no devices, no further work: the usual case costs one indexed read). A write that makes a notice may
 * send it in its own batch (`to.id` then an SQL expression of that batch), so the push after it needs no trip of its own.
 */
export function deviceTargetsQuery(db: Db, to: { role: Role; id: string | SQL }, kind: NotificationPush["kind"], now: number) {
  return db.all<Target>(sql`select s.id, s.endpoint, s.p256dh, s.auth,
      (select p.push from notification_preferences p where p.owner_role = s.owner_role and p.owner_id = s.owner_id and p.kind = ${kind}) as push_on,
      ${LOCALE_OF[to.role]} as locale
    from push_subscriptions s
    where s.owner_role = ${to.role} and s.owner_id = ${to.id}
      and ${familyLive(sql`s.sign_in_id`, now)}`);
}

export async function sendWebPush(env: Env, to: Recipient, notice: NotificationPush, known?: DeviceTarget[]): Promise<PushReport> {
  const config = readConfig(env);
  const vapid = vapidOf(config);
  if (!vapid) return NONE; // development without keys: Web Push is off
  const db = dbFor(config);
  const devices = known ?? (await deviceTargetsQuery(db, to, notice.kind, currentTime()));
  if (devices.length === 0) return NONE;
  const stored = devices[0].push_on === null ? {} : { [notice.kind]: { push: Boolean(devices[0].push_on) } };
  if (!channelOn(to.role, notice.kind, "push", stored)) return NONE;
  const payload = pushPayload(notice, to.role, resolveLocale(devices[0].locale, []));
  const options = deliveryOptions(notice);
  const transport = thirdPartiesOf(env).push;
  const outcomes = await Promise.all(devices.map((device) => pushToDevice(db, transport, vapid, device, payload, options)));
  return {
    sent: outcomes.filter((o) => o === "sent").length,
    gone: outcomes.filter((o) => o === "gone").length,
    failed: outcomes.filter((o) => o === "failed").length,
  };
}

/**
 * How long a push service may take to answer before the push counts as failed: a service that never answers would
 * otherwise hold the whole queue batch of bell pushes it is part of, and every batch behind it.
 */
export const PUSH_ANSWER_MS = 10_000;

/** One device: encrypt and sign, POST, then keep the answer (its last success, or its removal on 404/410). */
export async function pushToDevice(
  db: Db,
  transport: PushTransport,
  vapid: Vapid,
  device: Pick<Target, "id" | "endpoint" | "p256dh" | "auth">,
  payload: WebPushPayload,
  options: DeliveryOptions,
): Promise<PushOutcome> {
  const subscription = { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } };
  try {
    const request = await buildPushPayload({ data: payload, options }, subscription, vapid);
    const response = await transport.fetch(device.endpoint, { ...request, signal: AbortSignal.timeout(PUSH_ANSWER_MS) });
    if (response.ok) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date(currentTime()) })
        .where(eq(pushSubscriptions.id, device.id));
      return "sent";
    }
    if (response.status === 404 || response.status === 410) {
      // The browser unsubscribed or the subscription expired: it will never work again (RFC 8030 §7.3).
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.endpoint, device.endpoint)));
      return "gone";
    }
    const detail = (await response.text().catch(() => "")).slice(0, 200);
    console.warn(`web push to device ${device.id} answered ${response.status}${detail ? `: ${detail}` : ""}`);
    return "failed";
  } catch (error) {
    console.warn(`web push to device ${device.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    return "failed";
  }
}
