import { and, desc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import type { Db } from "../../db/client";
import { dataExports, mentees, mentors } from "../../db/schema";
import { randomSecret, sha256Base64url } from "../accounts/tokens";
import { deliverMailSoon, type MailMessage, mailInsertWhen } from "../mail/mail";
import { dataExportReadyMail } from "../mail/privacy-mails";
import { notificationWrite, pushNotification } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import type { Env, ExportJob } from "../platform/env";
import { mailLocale } from "../platform/i18n";
import { sendJobs } from "../platform/queues";
import { archiveFiles } from "./archive-files";
import type { Person } from "./archive-rows";

const MINUTE = 60 * 1000;
/** The mailed link works for a day (ADR 0039). */
export const EXPORT_LINK_MS = 24 * 60 * MINUTE;
/** The ticket the opened link hands the browser works for a minute, once. */
export const EXPORT_TICKET_MS = MINUTE;
/** An archive still preparing after this long was lost on the way to the queue: the cron hands it on again. */
export const EXPORT_LOST_MS = 10 * MINUTE;
/** An archive that has not been built in this long failed: the person is told, and may ask again. */
export const EXPORT_GIVE_UP_MS = 2 * 60 * MINUTE;

export const EXPORT_MESSAGES = {
  notFound: "This download is not yours, or it does not exist.",
  used: "This download link was used already. Ask for a new copy of your data on your settings.",
  expired: "This download link has expired. Ask for a new copy of your data on your settings.",
  notReady: "Your copy is still being prepared. We will tell you when it is ready.",
  ticket: "This download has expired. Open the link from your e-mail or your settings again.",
  tooMany: "You asked for 5 copies of your data today. Please try again tomorrow.",
} as const;

export type ExportStatus = {
  id: string;
  state: "preparing" | "ready" | "failed";
  requestedAt: string;
  readyAt: string | null;
  expiresAt: string | null;
  downloadedAt: string | null;
  sizeBytes: number | null;
};

const statusOf = (row: typeof dataExports.$inferSelect): ExportStatus => ({
  id: row.id,
  state: row.state,
  requestedAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  downloadedAt: row.downloadedAt?.toISOString() ?? null,
  sizeBytes: row.sizeBytes ?? null,
});

const ownedBy = (who: Person) => and(eq(dataExports.userRole, who.role), eq(dataExports.userId, who.id));

/** Her latest copy, if she ever asked for one. */
export async function latestExport(db: Db, who: Person): Promise<ExportStatus | null> {
  const [row] = await db.select().from(dataExports).where(ownedBy(who)).orderBy(desc(dataExports.createdAt)).limit(1);
  return row ? statusOf(row) : null;
}

/** Each archive reads every record of hers: a few a day are plenty for a person and keep one account from loading the queue. */
export const EXPORTS_PER_DAY = 5;

/**
 * Asks for a copy. While one is being prepared, or one is ready and not yet downloaded, that one is the answer (the
 * partial unique index makes two requests at once prepare one). The archive is built by the exports queue after the
 * commit.
 */
export async function requestExport(deps: Pick<ServiceDeps, "db" | "env" | "now">, who: Person, origin: string): Promise<ExportStatus> {
  const latest = await latestExport(deps.db, who);
  const stillGood =
    latest?.state === "ready" && !latest.downloadedAt && latest.expiresAt && Date.parse(latest.expiresAt) > deps.now.getTime();
  if (latest && (latest.state === "preparing" || stillGood)) return latest;
  const [{ today }] = await deps.db
    .select({ today: sql<number>`count(*)` })
    .from(dataExports)
    .where(and(ownedBy(who), gt(dataExports.createdAt, new Date(deps.now.getTime() - 24 * 60 * MINUTE))));
  if (today >= EXPORTS_PER_DAY) fail("TOO_MANY_REQUESTS", EXPORT_MESSAGES.tooMany);
  const id = crypto.randomUUID();
  const inserted = await deps.db
    .insert(dataExports)
    .values({ id, userRole: who.role, userId: who.id, origin, createdAt: deps.now })
    .onConflictDoNothing()
    .returning();
  if (inserted.length > 0) await sendJobs(deps.env.EXPORT_JOBS, [{ kind: "export", id }]);
  const answer = await latestExport(deps.db, who);
  if (!answer) fail("CONFLICT", EXPORT_MESSAGES.notReady);
  return answer;
}

/**
 * Builds one archive (the exports queue's consumer): every section as JSON, her sessions as .ics, each
 * conversation, her photo, and a README that says what each file holds. Stored in the exports bucket; then the
 * link is mailed and a notice put in her bell, in one batch with the row's change to "ready", so a message
 * handled twice mails once.
 */
export async function buildExport(deps: { db: Db; env: Env; now: () => Date; waitUntil: (p: Promise<unknown>) => void }, exportId: string) {
  const { db, env } = deps;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.state !== "preparing") return;
  const who = { role: row.userRole, id: row.userId } as Person;
  const table = who.role === "mentee" ? mentees : mentors;
  const [person] = await db
    .select({ email: table.email, firstName: table.firstName, locale: table.locale })
    .from(table)
    .where(eq(table.id, who.id));
  if (!person) return;
  const now = deps.now();
  const locale = mailLocale(person.locale);

  const files = await archiveFiles(db, env, who, row.origin, now, locale);
  const archive = zipSync(files, { level: 6 });
  const objectKey = `exports/${who.role}/${who.id}/${row.id}.zip`;
  await env.EXPORT_FILES.put(objectKey, archive, { httpMetadata: { contentType: "application/zip" } });

  const secret = randomSecret();
  const link = `${row.origin}/privacy/download#export=${row.id}.${secret}`;
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_MS);
  const mail: MailMessage = dataExportReadyMail(person.email, person.firstName, link, expiresAt, locale);
  const notice = notificationWrite(
    db,
    who,
    {
      type: "alert",
      kind: "account",
      content: "Your copy of your data is ready to download for 24 hours: open the link we e-mailed you.",
    },
    now,
    { ifPreviousChanged: true },
  );
  const [changed] = await db.batch([
    db
      .update(dataExports)
      .set({
        state: "ready",
        objectKey,
        sizeBytes: archive.byteLength,
        linkSecretHash: await sha256Base64url(secret),
        readyAt: now,
        expiresAt,
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, "preparing")))
      .returning({ id: dataExports.id }),
    notice.statement,
    mailInsertWhen(db, mail, sql`exists (select 1 from data_exports where id = ${row.id} and ready_at = ${now.getTime()})`, now.getTime()),
  ]);
  if (changed.length > 0) {
    pushNotification(env, deps.waitUntil, who, notice.view);
    deliverMailSoon(env, deps.waitUntil);
  } else await env.EXPORT_FILES.delete(objectKey);
}

/**
 * The mailed link, opened by her, signed in: checks the secret, that the copy is hers, not used and not expired, and
 * hands out a one-minute ticket for the file. The link works once: the first ticket marks it downloaded.
 */
export async function claimExport(deps: Pick<ServiceDeps, "db" | "now">, who: Person, link: { id: string; secret: string }) {
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, link.id), ownedBy(who)));
  if (!row?.linkSecretHash || row.linkSecretHash !== (await sha256Base64url(link.secret))) fail("NOT_FOUND", EXPORT_MESSAGES.notFound);
  if (row.state !== "ready") fail("CONFLICT", EXPORT_MESSAGES.notReady);
  if (row.downloadedAt) fail("CONFLICT", EXPORT_MESSAGES.used);
  if (!row.expiresAt || row.expiresAt.getTime() <= deps.now.getTime()) fail("CONFLICT", EXPORT_MESSAGES.expired);
  const ticket = randomSecret();
  const claimed = await deps.db
    .update(dataExports)
    .set({
      downloadedAt: deps.now,
      ticketHash: await sha256Base64url(ticket),
      ticketExpiresAt: new Date(deps.now.getTime() + EXPORT_TICKET_MS),
    })
    .where(and(eq(dataExports.id, row.id), isNull(dataExports.downloadedAt)))
    .returning({ id: dataExports.id });
  // Two tabs opening the link at once: one gets the file.
  if (claimed.length === 0) fail("CONFLICT", EXPORT_MESSAGES.used);
  return { url: `/api/privacy/exports/${row.id}/file?ticket=${encodeURIComponent(ticket)}`, sizeBytes: row.sizeBytes ?? 0 };
}

/** The archive for a ticket that is current and unused; the ticket is spent by this call. */
export async function exportFile(db: Db, bucket: R2Bucket, exportId: string, ticket: string, now: Date) {
  const spent = await db
    .update(dataExports)
    .set({ ticketHash: null, ticketExpiresAt: null })
    .where(
      and(eq(dataExports.id, exportId), eq(dataExports.ticketHash, await sha256Base64url(ticket)), gt(dataExports.ticketExpiresAt, now)),
    )
    .returning({ objectKey: dataExports.objectKey, createdAt: dataExports.createdAt });
  const objectKey = spent[0]?.objectKey;
  if (!objectKey) return null;
  const object = await bucket.get(objectKey);
  return object ? { body: object.body, size: object.size, day: spent[0].createdAt.toISOString().slice(0, 10) } : null;
}

/**
 * The cron's sweep: an archive whose queue message was lost is handed on again; one still not built after two hours
 * is marked failed (she is told on her settings and may ask again); the archive of an expired link is deleted.
 */
export async function sweepExports(deps: Pick<ServiceDeps, "db" | "env" | "now">) {
  const { db, env, now } = deps;
  const failed = await db
    .update(dataExports)
    .set({ state: "failed" })
    .where(and(eq(dataExports.state, "preparing"), lt(dataExports.createdAt, new Date(now.getTime() - EXPORT_GIVE_UP_MS))))
    .returning({ id: dataExports.id });
  const lost = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.state, "preparing"), lt(dataExports.createdAt, new Date(now.getTime() - EXPORT_LOST_MS))))
    .limit(50);
  if (lost.length > 0)
    await sendJobs(
      env.EXPORT_JOBS,
      lost.map((r) => ({ kind: "export" as const, id: r.id }) satisfies ExportJob),
    );
  const expired = await db
    .select({ id: dataExports.id, objectKey: dataExports.objectKey })
    .from(dataExports)
    .where(and(eq(dataExports.state, "ready"), isNotNull(dataExports.objectKey), lt(dataExports.expiresAt, now)))
    .limit(50);
  for (const archive of expired) {
    await env.EXPORT_FILES.delete(archive.objectKey!);
    await db.update(dataExports).set({ objectKey: null }).where(eq(dataExports.id, archive.id));
  }
  return { failed: failed.length, handedOn: lost.length, archivesDeleted: expired.length };
}
