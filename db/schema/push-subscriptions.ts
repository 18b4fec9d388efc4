import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, instant, role } from "./columns";

/**
 * One device that receives Web Push (ADR 0027): the browser's push subscription (its endpoint at
 * the browser vendor's push service and the keys payloads are encrypted for, RFC 8291), the
 * account it belongs to and the sign-in that turned it on. An endpoint belongs to one account: the
 * last one that subscribed on that device. It is removed when the push service answers 404/410, when
 * its owner turns push off or removes the device, and when its sign-in ends (logout, a password
 * change or reset, a block), so a device never receives pushes of an account signed out there.
 */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    ownerRole: role("owner_role"),
    ownerId: text("owner_id").notNull(),
    /** The refresh-session family (sign-in) that subscribed: pushes go only while it is live. */
    signInId: text("sign_in_id").notNull(),
    endpoint: text("endpoint").notNull(),
    /** The device's ECDH P-256 public key (base64url, 65 bytes uncompressed). */
    p256dh: text("p256dh").notNull(),
    /** The device's 16-byte authentication secret (base64url). */
    auth: text("auth").notNull(),
    /** What the settings screen calls the device ("Chrome on Android"), from its user agent. */
    label: text("label").notNull(),
    createdAt: createdAt(),
    /** The last time the push service accepted a message for it. */
    lastSuccessAt: instant("last_success_at"),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint").on(t.endpoint), index("push_subscriptions_owner_idx").on(t.ownerRole, t.ownerId)],
);
