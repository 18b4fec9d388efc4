import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Role, refreshSessions } from "../../db/schema";
import { markMentorActive } from "../responsiveness/last-active";
import { randomSecret, sha256Base64url } from "./tokens";

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionOwner = { role: Role; userId: string };

/**
 * A sign-in (rotation family) is live while one of its sessions is neither revoked nor expired: it
 * ends at logout, replay, password change, reset or block (revoked) and also when its last refresh
 * token runs out (expired, never revoked). The one rule for the account check and for whom Web
 * Push reaches (ADR 0005, ADR 0027). `familyId`: an SQL expression naming the family.
 */
export const familyLive = (familyId: SQL, now: number) =>
  sql<number>`exists (select 1 from refresh_sessions f where f.family_id = ${familyId} and f.revoked_at is null and f.expires_at > ${now})`;

/** Creates a refresh session and returns its id and the token `id.secret` (only its hash is stored). */
export async function openSession(db: Db, owner: SessionOwner, familyId?: string, now = Date.now()) {
  const id = crypto.randomUUID();
  const secret = randomSecret();
  const insert = db.insert(refreshSessions).values({
    id,
    familyId: familyId ?? id,
    userRole: owner.role,
    userId: owner.userId,
    secretHash: await sha256Base64url(secret),
    expiresAt: new Date(now + REFRESH_TOKEN_TTL_MS),
    createdAt: new Date(now),
  });
  // A mentor signing in or refreshing is active: his "last active" travels in the same batch (ADR 0026).
  if (owner.role === "mentor") await db.batch([insert, markMentorActive(db, owner.userId, now)]);
  else await insert;
  return { sessionId: id, refreshToken: `${id}.${secret}` };
}

export type RotateResult =
  | { ok: true; owner: SessionOwner; sessionId: string; refreshToken: string }
  | { ok: false; reason: "invalid" | "expired" | "reused" };

/** The session row a refresh token `id.secret` of this role proves, or why it proves none. */
async function provedSession(db: Db, token: string, role: Role, now: number) {
  const [id, secret] = token.split(".");
  if (!id || !secret) return "invalid" as const;
  const row = await db.query.refreshSessions.findFirst({ where: eq(refreshSessions.id, id) });
  if (!row || row.userRole !== role || row.secretHash !== (await sha256Base64url(secret))) return "invalid" as const;
  if (row.expiresAt.getTime() <= now) return "expired" as const;
  return row;
}

/**
 * Exchanges a refresh token for a new one. The old session is revoked by one conditional update,
 * so of two concurrent refreshes with the same token only one succeeds; presenting a revoked token
 * again revokes its whole family (the token was stolen or replayed).
 */
export async function rotateSession(db: Db, token: string, role: Role, now = Date.now()): Promise<RotateResult> {
  const row = await provedSession(db, token, role, now);
  if (typeof row === "string") return { ok: false, reason: row };
  const revoked = await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshSessions.id, row.id), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id });
  if (revoked.length === 0) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: "reused" };
  }
  const owner = { role: row.userRole, userId: row.userId };
  const next = await openSession(db, owner, row.familyId, now);
  return { ok: true, owner, ...next };
}

export type RenewResult = { ok: true; owner: SessionOwner; sessionId: string } | { ok: false; reason: "invalid" | "expired" | "reused" };

/**
 * The REST refresh of SPEC §7 (ADR 0005): a new access token for a refresh token that
 * stays valid for its lifetime (until logout, block, password change or expiry). Nothing is
 * written, so any number of concurrent refreshes with the same token all succeed. A token that was
 * rotated away on the tRPC path is still a replay and ends its sign-in.
 */
export async function renewSession(db: Db, token: string, role: Role, now = Date.now()): Promise<RenewResult> {
  const row = await provedSession(db, token, role, now);
  if (typeof row === "string") return { ok: false, reason: row };
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: "reused" };
  }
  return { ok: true, owner: { role: row.userRole, userId: row.userId }, sessionId: row.id };
}

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
}

/** The sign-in (rotation family) a session belongs to, or null for an unknown session. */
export async function familyOf(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.query.refreshSessions.findFirst({ where: eq(refreshSessions.id, sessionId), columns: { familyId: true } });
  return row?.familyId ?? null;
}

/** Ends the sign-in that issued the access token: the session and its whole rotation family. Returns the family, to close its sockets. */
export async function closeSession(db: Db, sessionId: string, now = Date.now()): Promise<string | null> {
  const familyId = await familyOf(db, sessionId);
  if (familyId) await revokeFamily(db, familyId, now);
  return familyId;
}
