import { sql } from "drizzle-orm";
import type { Role } from "../../db/schema";
import { deviceOf } from "../../shared/device-of";
import { mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { deliverMailSoon, mailInsert } from "../mail/mail";
import { signInAlertMail } from "../mail/sign-in-mail";
import { notify, signInNoticeId } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { mailLocale } from "../platform/i18n";
import { REFRESH_TOKEN_TTL_MS } from "./sessions";

type AlertDeps = Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now"> & { origin: string; userAgent: string | null };

const TABLE = { mentee: sql`mentees`, mentor: sql`mentors`, moderator: sql`moderators` } as const;

/** Where she changes her password (the card on her own profile page); a moderator has none. */
const SECURE_PAGE = { mentee: "/mentees/profile", mentor: "/mentors/profile", moderator: null } as const;

type Reader = { email: string; first: string; zone: string | null; locale: string | null; createdAt: number; signedInBefore: number };

/**
 * Tells a person her account was just signed in to (ADR 0006): her other tabs and devices and the bell at once, and her
 * mailbox, with the browser, the time in her zone and the page to change her password. Not mailed on her very first
 * sign-in after signing up: nobody else can have signed in yet, and she knows it was her. An account younger than a
 * refresh token's lifetime with no earlier sign-in row is that case; an older one may have had its rows pruned (a
 * month after they expired), so it is mailed.
 */
export async function alertSignIn(
  deps: AlertDeps,
  who: { role: Role; id: string },
  signIn: { sessionId: string; how: "password" | "google" },
): Promise<void> {
  const { db, env, waitUntil, now } = deps;
  await notify(deps, who, {
    type: "alert",
    kind: "account",
    content:
      signIn.how === "google"
        ? "New sign-in to your account with Google. If this wasn't you, change your password."
        : "New sign-in to your account. If this wasn't you, change your password.",
    // Keyed by this sign-in: her other tabs and devices are told, this one is not told about itself.
    id: signInNoticeId(signIn.sessionId),
  });
  const zoneColumn = who.role === "moderator" ? sql`null` : sql`a.time_zone`;
  const [reader] = await db.all<Reader>(sql`select a.email as email, a.first_name as first, ${zoneColumn} as zone, a.locale as locale,
      a.created_at as createdAt,
      exists (select 1 from refresh_sessions s where s.user_role = ${who.role} and s.user_id = a.id and s.id <> ${signIn.sessionId}) as signedInBefore
    from ${TABLE[who.role]} a where a.id = ${who.id}`);
  if (!reader) return;
  const firstSignIn = !reader.signedInBefore && now.getTime() - Number(reader.createdAt) < REFRESH_TOKEN_TTL_MS;
  if (firstSignIn) return;
  const page = SECURE_PAGE[who.role];
  const message = signInAlertMail({
    to: reader.email,
    first: reader.first,
    device: deviceOf(deps.userAgent),
    at: now,
    zone: who.role === "mentor" ? mentorZoneOrDefault(reader.zone) : zoneOr(reader.zone),
    locale: mailLocale(reader.locale),
    how: signIn.how,
    securePage: page ? `${deps.origin}${page}` : null,
  });
  await mailInsert(db, message, now.getTime());
  deliverMailSoon(env, waitUntil);
}
