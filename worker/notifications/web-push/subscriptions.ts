import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { and, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";
import type { SignInScope } from "../../../shared/realtime-protocol";
import type { Role } from "../../../shared/role";
import { familyLive, familyOf } from "../../accounts/sessions";
import { fail } from "../../platform/domain-error";
import { endpointProblem } from "./endpoints";

/**
 * The devices that receive a person's Web Push (ADR 0027): one row per browser push subscription,
 * owned by the account that subscribed last on that device and tied to the sign-in that did it.
 */

type Owner = { role: Role; id: string };
export type SubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string }; label: string };

/** A person keeps at most this many devices; subscribing on one more forgets her least recently added. */
export const MAX_DEVICES = 20;

const mine = (who: Owner) => and(eq(pushSubscriptions.ownerRole, who.role), eq(pushSubscriptions.ownerId, who.id));

function bytesOf(value: string): Uint8Array | null {
  try {
    return decodeBase64urlIgnorePadding(value);
  } catch {
    return null;
  }
}

/** The device's keys must be what RFC 8291 needs: a P-256 point and a 16-byte secret. */
async function checkKeys(keys: SubscriptionInput["keys"]): Promise<void> {
  const point = bytesOf(keys.p256dh);
  const secret = bytesOf(keys.auth);
  if (secret?.length !== 16) fail("BAD_REQUEST", "This subscription's auth secret is not 16 bytes.");
  if (point?.length !== 65 || point[0] !== 4) fail("BAD_REQUEST", "This subscription's key is not a P-256 public key.");
  try {
    await crypto.subtle.importKey("raw", new Uint8Array(point), { name: "ECDH", namedCurve: "P-256" }, false, []);
  } catch {
    fail("BAD_REQUEST", "This subscription's key is not a P-256 public key.");
  }
}

/**
 * Keeps this device's subscription for the caller's sign-in (`sessionId`, the access token's `sid`).
 * The same endpoint again (a renewed subscription, or another account signing in on this device
 * and turning push on) updates the one row: the device is the caller's from now on.
 */
export async function subscribeDevice(
  db: Db,
  who: Owner,
  sessionId: string,
  input: SubscriptionInput,
  /** The local push service's base URL in development (`localPushService`), else null. */
  localService: string | null,
  now: Date,
): Promise<{ id: string }> {
  const problem = endpointProblem(input.endpoint, localService);
  if (problem) fail("BAD_REQUEST", problem);
  await checkKeys(input.keys);
  const signInId = await familyOf(db, sessionId);
  if (!signInId) fail("UNAUTHORIZED", "This sign-in has ended. Please sign in again.");
  const sameOwner = sql`${pushSubscriptions.ownerRole} = excluded.owner_role and ${pushSubscriptions.ownerId} = excluded.owner_id`;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      ownerRole: who.role,
      ownerId: who.id,
      signInId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        ownerRole: who.role,
        ownerId: who.id,
        signInId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: input.label,
        // Another account's device becomes hers: a new device in her list.
        createdAt: sql`case when ${sameOwner} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
        lastSuccessAt: sql`case when ${sameOwner} then ${pushSubscriptions.lastSuccessAt} else null end`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(mine(who))
    .orderBy(desc(pushSubscriptions.createdAt))
    .limit(MAX_DEVICES);
  await db.delete(pushSubscriptions).where(and(mine(who), notInArray(pushSubscriptions.id, keep)));
  return { id: row.id };
}

/** This device stops receiving the caller's pushes (she turned push off, or signs out here). Another account's subscription is left alone. */
export async function unsubscribeDevice(db: Db, who: Owner, endpoint: string): Promise<{ removed: number }> {
  const result = await db.delete(pushSubscriptions).where(and(mine(who), eq(pushSubscriptions.endpoint, endpoint)));
  return { removed: result.rowsAffected };
}

/** Removes one of the caller's devices from the settings screen's list. */
export async function removeDevice(db: Db, who: Owner, id: string): Promise<{ removed: number }> {
  const result = await db.delete(pushSubscriptions).where(and(mine(who), eq(pushSubscriptions.id, id)));
  if (result.rowsAffected === 0) fail("NOT_FOUND", "This device was not found.");
  return { removed: result.rowsAffected };
}

export type DeviceView = { id: string; label: string; createdAt: string; lastSuccessAt: string | null; thisDevice: boolean };

/** The caller's devices with push on, newest first; `endpoint` (this browser's, if any) marks this one. Endpoints never leave the server. */
export async function devicesOf(db: Db, who: Owner, endpoint?: string): Promise<DeviceView[]> {
  const rows = await db.select().from(pushSubscriptions).where(mine(who)).orderBy(desc(pushSubscriptions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
    thisDevice: r.endpoint === endpoint,
  }));
}

/**
 * The devices of the sign-ins that just ended stop receiving pushes (ADR 0020's scopes): logout ends
 * `only` its sign-in, a password change every one `except` the current, a reset or a block all.
 */
export async function dropDevicesOfSignIns(db: Db, who: Owner, scope: SignInScope): Promise<number> {
  const which = scope.only
    ? eq(pushSubscriptions.signInId, scope.only)
    : scope.except
      ? ne(pushSubscriptions.signInId, scope.except)
      : undefined;
  const result = await db.delete(pushSubscriptions).where(and(mine(who), which));
  return result.rowsAffected;
}

/**
 * The cron's clean-up: devices whose sign-in is no longer live go. Most are removed when the sign-in
 * ends (`dropDevicesOfSignIns`), but a sign-in that simply expires is never revoked, so its devices
 * would stay; pushes already skip them (`deviceTargetsQuery`), and this makes the list say so too.
 * Idempotent; safe to overlap with anything.
 */
export async function dropDevicesOfEndedSignIns(db: Db, now: Date): Promise<{ removed: number }> {
  const result = await db.delete(pushSubscriptions).where(sql`not ${familyLive(sql`${pushSubscriptions.signInId}`, now.getTime())}`);
  return { removed: result.rowsAffected };
}
