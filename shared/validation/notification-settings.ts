import * as v from "valibot";
import { CHANNELS, NOTICE_KINDS } from "../notification-kinds";

/** The notification settings screen and this device's push subscription (ADR 0027). */

const base64url = (what: string, max: number) =>
  v.pipe(
    v.string(`${what} is required`),
    v.nonEmpty(`${what} is required`),
    v.maxLength(max, `${what} is too long`),
    v.regex(/^[\w-]+={0,2}$/, `${what} must be base64url`),
  );

export const pushEndpointField = v.pipe(
  v.string("endpoint is required"),
  v.nonEmpty("endpoint is required"),
  v.maxLength(1024, "endpoint is too long"),
  v.url("endpoint must be a URL"),
);

export const channelSwitchSchema = v.object({
  kind: v.picklist(NOTICE_KINDS, "Choose a kind of notification"),
  channel: v.picklist(CHANNELS, "Choose in-app, e-mail or push"),
  on: v.boolean("on must be true or false"),
});

/** A browser's `PushSubscription.toJSON()` (the keys RFC 8291 encrypts for), and what to call the device. */
export const pushSubscriptionSchema = v.object({
  endpoint: pushEndpointField,
  keys: v.object({ p256dh: base64url("keys.p256dh", 100), auth: base64url("keys.auth", 40) }),
  label: v.pipe(v.string("label is required"), v.trim(), v.nonEmpty("label is required"), v.maxLength(80, "label is too long")),
});

export const pushEndpointSchema = v.object({ endpoint: pushEndpointField });

export const deviceSchema = v.object({ id: v.pipe(v.string("id is required"), v.uuid("Invalid device")) });

/** This browser's endpoint, when it has one, marks it among her devices. */
export const settingsOverviewSchema = v.optional(v.object({ endpoint: v.optional(pushEndpointField) }), {});
