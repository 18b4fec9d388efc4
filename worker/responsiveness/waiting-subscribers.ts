import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { enrollments } from "../../db/schema";
import { daysAgo } from "../../shared/last-active";
import { REPLY_WAIT_MS } from "../../shared/reply-wait";
import { grantsAccess } from "../payments/enrollment-status";

const HOUR = 60 * 60 * 1000;

/**
 * Subscribers waiting for their mentor's answer (ADR 0026). A wait begins at the mentee's first
 * message after the mentor's last one (or, if she wrote before her current subscription began, at
 * its start), and it counts only while her subscription grants access and neither of them is
 * blocked. A wait is due a reminder from REPLY_WAIT_MS on, once: when no reminder was sent since it began. One statement: active enrollments (the partial
 * index `enrollments_one_active`) joined to their conversation, the wait read per conversation
 * from `messages_conversation_created_idx`.
 */
function waitsOf(now: Date): SQL {
  return sql`select c.id as conversation_id, c.mentee_id, c.mentor_id, c.reply_reminder_at as reminded_at,
      max(coalesce(${enrollments.activatedAt}, ${enrollments.createdAt}), (
        select min(q.created_at) from messages q
        where q.conversation_id = c.id and q.sender_type = 'mentee'
          and q.created_at > coalesce((select max(p.created_at) from messages p where p.conversation_id = c.id and p.sender_type = 'mentor'), -1)
      )) as wait_start
    from ${enrollments}
    join conversations c on c.mentee_id = ${enrollments.menteeId} and c.mentor_id = ${enrollments.mentorId}
    join mentors wm on wm.id = c.mentor_id and wm.status = 'approved' and wm.is_blocked = 0
    join mentees wt on wt.id = c.mentee_id and wt.is_blocked = 0
    where ${grantsAccess(now)} and c.last_message_at is not null`;
}

export type DueReminder = {
  conversationId: string;
  waitStart: number;
  mentee: { id: string; name: string };
  mentor: {
    id: string;
    firstName: string;
    email: string;
    timeZone: string | null /** Her mail's language (ADR 0027). */;
    locale: string | null;
  };
};

type DueRow = {
  conversation_id: string;
  wait_start: number;
  mentee_id: string;
  mentee_first: string;
  mentee_last: string;
  mentor_id: string;
  mentor_first: string;
  mentor_email: string;
  mentor_zone: string | null;
  mentor_locale: string | null;
};

/** Waits of more than 72 hours that no reminder has been sent for since they began. */
export async function dueReplyReminders(db: Db, now: Date, limit = 200): Promise<DueReminder[]> {
  const rows =
    await db.all<DueRow>(sql`select w.conversation_id, w.wait_start, w.mentee_id, t.first_name as mentee_first, t.last_name as mentee_last,
      w.mentor_id, m.first_name as mentor_first, m.email as mentor_email, m.time_zone as mentor_zone, m.locale as mentor_locale
    from (${waitsOf(now)}) w
    join mentors m on m.id = w.mentor_id
    join mentees t on t.id = w.mentee_id
    where w.wait_start <= ${now.getTime() - REPLY_WAIT_MS} and (w.reminded_at is null or w.reminded_at < w.wait_start)
    order by w.wait_start
    limit ${limit}`);
  return rows.map((r) => ({
    conversationId: r.conversation_id,
    waitStart: r.wait_start,
    mentee: { id: r.mentee_id, name: `${r.mentee_first} ${r.mentee_last}` },
    mentor: { id: r.mentor_id, firstName: r.mentor_first, email: r.mentor_email, timeZone: r.mentor_zone, locale: r.mentor_locale },
  }));
}

export type UnresponsiveMentor = {
  id: string;
  name: string;
  email: string;
  /** Subscribers waiting more than 72 hours for his answer. */
  waiting: number;
  /** The longest of those waits, in whole hours. */
  longestWaitHours: number;
  /** Whole days since he was last active (0: within a day), null when never seen. Never the exact time. */
  lastActiveDaysAgo: number | null;
};

type UnresponsiveRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  last_active_at: number | null;
  waiting: number;
  oldest: number;
};

/** Mentors with subscribers waiting more than 72 hours, the longest wait first (the moderator home's list). */
export async function unresponsiveMentors(db: Db, now: Date, limit = 50): Promise<UnresponsiveMentor[]> {
  const rows =
    await db.all<UnresponsiveRow>(sql`select m.id, m.first_name, m.last_name, m.email, m.last_active_at, count(*) as waiting, min(w.wait_start) as oldest
    from (${waitsOf(now)}) w
    join mentors m on m.id = w.mentor_id
    where w.wait_start <= ${now.getTime() - REPLY_WAIT_MS}
    group by m.id
    order by oldest, m.id
    limit ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    email: r.email,
    waiting: r.waiting,
    longestWaitHours: Math.floor((now.getTime() - r.oldest) / HOUR),
    lastActiveDaysAgo: r.last_active_at === null ? null : daysAgo(r.last_active_at, now.getTime()),
  }));
}
