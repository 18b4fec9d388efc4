import { asc, eq } from "drizzle-orm";
import { strToU8 } from "fflate";
import type { Db } from "../../db/client";
import { conversations, mentees, mentors, messages } from "../../db/schema";
import type { Locale } from "../../shared/locale";
import { allBookingsCalendar } from "../calendars/calendar-feed";
import type { Env } from "../platform/env";
import { mine, type Person } from "./archive-rows";
import { SECTIONS } from "./export-contents";

/**
 * The files of a person's archive (ADR 0039): every section as JSON, each conversation, her sessions as one calendar
 * file, her photo, and a README.txt that documents each file. The README documents a format, so it is in English like
 * the REST contract; the words inside the files are hers and the other person's, as written.
 */
export async function archiveFiles(db: Db, env: Env, who: Person, origin: string, now: Date, locale: Locale) {
  const files: Record<string, Uint8Array> = {};
  const readme = [
    "# MentorLink data export",
    "",
    `prepared ${now.toISOString()} for your ${who.role} account. Every file is UTF-8 JSON unless named otherwise; times are UTC (ISO 8601); amounts are in paise (1/100 of a rupee).`,
    "",
  ];
  for (const section of SECTIONS) {
    const rows = await section.rows(db, who);
    if (rows.length === 0 && section.file !== "profile.json") continue;
    files[section.file] = strToU8(JSON.stringify(rows, null, 2));
    readme.push(`${section.file}: ${section.about} (${rows.length}).`);
  }
  const threads = await conversationsOf(db, who);
  threads.forEach((thread, i) => {
    const name = `conversations/${String(i + 1).padStart(2, "0")}-${thread.with.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 40)}.json`;
    files[name] = strToU8(JSON.stringify(thread, null, 2));
  });
  if (threads.length > 0)
    readme.push(`conversations/: each conversation, the other person's name and every message in order (${threads.length}).`);
  files["sessions.ics"] = strToU8(await allBookingsCalendar(db, who, origin, now, locale));
  readme.push("sessions.ics: your booked sessions as calendar events (open it in any calendar app).");
  const imageKey = await profileImageKeyOf(db, who);
  if (imageKey) {
    const image = await env.IMAGES.get(imageKey);
    if (image) {
      files[`images/${imageKey.split("/").pop()}`] = new Uint8Array(await image.arrayBuffer());
      readme.push("images/: your profile photo as you uploaded it.");
    }
  }
  readme.push(
    "",
    "not included: your password and other secrets (only that they exist), and other people's data beyond their name in your conversations and sessions.",
  );
  files["README.txt"] = strToU8(readme.join("\n"));
  return files;
}

/** A conversation as the archive holds it: the other person's name, and every message in order, who wrote it and when. */
export async function conversationsOf(db: Db, who: Person) {
  const rows = await db
    .select({
      id: conversations.id,
      menteeId: conversations.menteeId,
      mentorId: conversations.mentorId,
      menteeName: mentees.firstName,
      menteeLast: mentees.lastName,
      mentorName: mentors.firstName,
      mentorLast: mentors.lastName,
    })
    .from(conversations)
    .innerJoin(mentees, eq(mentees.id, conversations.menteeId))
    .innerJoin(mentors, eq(mentors.id, conversations.mentorId))
    .where(mine(who, conversations.menteeId, conversations.mentorId));
  const out = [];
  for (const c of rows) {
    const withName = who.role === "mentee" ? `${c.mentorName} ${c.mentorLast}` : `${c.menteeName} ${c.menteeLast}`;
    const thread = await db
      .select({ senderType: messages.senderType, content: messages.content, createdAt: messages.createdAt, readAt: messages.readAt })
      .from(messages)
      .where(eq(messages.conversationId, c.id))
      .orderBy(asc(messages.createdAt));
    out.push({
      with: withName,
      messages: thread.map((m) => ({
        from: m.senderType === who.role ? "you" : withName,
        text: m.content,
        at: m.createdAt.toISOString(),
        readAt: m.readAt?.toISOString() ?? null,
      })),
    });
  }
  return out;
}

/** The key of her profile photo in the images bucket, if she has one. */
export async function profileImageKeyOf(db: Db, who: Person): Promise<string | null> {
  const table = who.role === "mentee" ? mentees : mentors;
  const [row] = await db.select({ key: table.profileImageKey }).from(table).where(eq(table.id, who.id));
  return row?.key ?? null;
}
