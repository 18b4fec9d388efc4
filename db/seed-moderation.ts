import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { demoModerator } from "./demo-data";
import { menteeRow, mentorRow } from "./factories";
import { earnings, enrollments, mentees, mentors, moderationActions, moderators, tickets } from "./schema";
import { FIRST_MONTH_COLUMNS, heldFirstMonth, tag } from "./seed-payouts";

const DAY = 24 * 60 * 60 * 1000;

/** Mentees who joined over the last 30 days (days ago), each subscribing the next day: the moderator charts. */
const newcomers = [
  { first: "Aditi", last: "Rao", daysAgo: 1, mentor: "vikram.mentor@example.com" },
  { first: "Kabir", last: "Shah", daysAgo: 2, mentor: "neha.mentor@example.com" },
  { first: "Meghna", last: "Iyer", daysAgo: 2, mentor: "arjun.mentor@example.com" },
  { first: "Nikhil", last: "Joshi", daysAgo: 5, mentor: "kavya.mentor@example.com" },
  // The demo mentor's newest subscriber: her dashboard's and Earnings' one new enrollment of the last 30 days.
  { first: "Zoya", last: "Mehta", daysAgo: 6, mentor: "mentor@example.com" },
  { first: "Pooja", last: "Nair", daysAgo: 8, mentor: "rohan.mentor@example.com" },
  { first: "Rehan", last: "Qureshi", daysAgo: 11, mentor: "ananya.mentor@example.com" },
  { first: "Sneha", last: "Kulkarni", daysAgo: 14, mentor: "farhan.mentor@example.com" },
  { first: "Tarun", last: "Bhat", daysAgo: 19, mentor: "lakshmi.mentor@example.com" },
  { first: "Uma", last: "Krishnan", daysAgo: 23, mentor: "tanvi.mentor@example.com" },
  { first: "Yash", last: "Thakur", daysAgo: 27, mentor: "vikram.mentor@example.com" },
];
const email = (first: string) => `${first.toLowerCase()}.community@example.com`;

/** Marks the moderation demo as seeded: an extra mentee, blocked from a ticket (never a demo account). */
export const BLOCKED_DEMO_MENTEE = "blocked.mentee@example.com";
export const REJECTED_DEMO_APPLICANT = "rejected.applicant@example.com";

/**
 * Content for every moderator screen: new mentees and enrollments across the last 30 days, tickets
 * open and resolved, a blocked mentee, a rejected applicant and their audit entries. One batch, done
 * once (keyed by the blocked demo mentee), so a second run changes nothing.
 */
export async function seedModerationDemo(db: Db, passwordHash: string, now = Date.now()): Promise<void> {
  if (await db.query.mentees.findFirst({ where: eq(mentees.email, BLOCKED_DEMO_MENTEE), columns: { id: true } })) return;
  const moderator = await db.query.moderators.findFirst({ where: eq(moderators.email, demoModerator.email), columns: { id: true } });
  if (!moderator) return;
  const mentorRows = await db
    .select({ id: mentors.id, email: mentors.email, rate: mentors.hourlyRatePaise })
    .from(mentors)
    .where(
      inArray(
        mentors.email,
        newcomers.map((n) => n.mentor),
      ),
    );
  const mentorOf = new Map(mentorRows.map((m) => [m.email, m]));
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY + hours * 60 * 60 * 1000);

  const people = newcomers.map((n) => ({ ...n, id: crypto.randomUUID(), mentorRow: mentorOf.get(n.mentor)! }));
  const blockedId = crypto.randomUUID();
  const rejectedId = crypto.randomUUID();
  const vikram = mentorOf.get("vikram.mentor@example.com")!;
  const [first, second, third, fourth] = people;
  const ticket = (
    reporter: { role: "mentee" | "mentor"; id: string },
    accused: { role: "mentee" | "mentor"; id: string },
    content: string,
    daysAgo: number,
  ) => ({
    id: crypto.randomUUID(),
    reporterRole: reporter.role,
    reporterId: reporter.id,
    accusedRole: accused.role,
    accusedId: accused.id,
    content,
    createdAt: at(daysAgo),
  });
  const openTickets = [
    ticket(
      { role: "mentee", id: first.id },
      { role: "mentor", id: first.mentorRow.id },
      "My mentor missed our last two booked calls without any message.",
      0.5,
    ),
    ticket(
      { role: "mentee", id: second.id },
      { role: "mentor", id: second.mentorRow.id },
      "The mentor asked me to pay for extra sessions outside the platform.",
      1,
    ),
    ticket(
      { role: "mentor", id: third.mentorRow.id },
      { role: "mentee", id: third.id },
      "This mentee keeps booking slots and not showing up, three times now.",
      2,
    ),
  ];
  const dismissed = {
    ...ticket(
      { role: "mentee", id: fourth.id },
      { role: "mentor", id: fourth.mentorRow.id },
      "Feedback on my portfolio was shorter than I expected.",
      4,
    ),
    status: "resolved" as const,
    resolution: "dismissed" as const,
    resolutionNote: "Feedback length is up to the mentor; no rule was broken.",
    resolvedBy: moderator.id,
    resolvedAt: at(3),
  };
  const blockedTicket = {
    ...ticket(
      { role: "mentor", id: vikram.id },
      { role: "mentee", id: blockedId },
      "This mentee sent abusive messages in chat after a session.",
      6,
    ),
    status: "resolved" as const,
    resolution: "blocked" as const,
    resolutionNote: "Abusive messages confirmed in the chat history.",
    resolvedBy: moderator.id,
    resolvedAt: at(5),
  };

  await db.batch([
    db.insert(mentees).values([
      ...people.map((p) =>
        menteeRow({ id: p.id, email: email(p.first), firstName: p.first, lastName: p.last, passwordHash, createdAt: at(p.daysAgo, -3) }),
      ),
      menteeRow({
        id: blockedId,
        email: BLOCKED_DEMO_MENTEE,
        firstName: "Blocked",
        lastName: "Example",
        passwordHash,
        isBlocked: true,
        createdAt: at(20),
      }),
    ]),
    db.insert(enrollments).values([
      ...people.map((p) => ({
        menteeId: p.id,
        mentorId: p.mentorRow.id,
        status: "active" as const,
        amountPaise: 4 * p.mentorRow.rate,
        activatedAt: at(p.daysAgo - 1 > 0 ? p.daysAgo - 1 : 0.2),
        currentPeriodStart: at(p.daysAgo - 1 > 0 ? p.daysAgo - 1 : 0.2),
        currentPeriodEnd: new Date(at(p.daysAgo - 1 > 0 ? p.daysAgo - 1 : 0.2).getTime() + 30 * DAY),
        createdAt: at(p.daysAgo - 1 > 0 ? p.daysAgo - 1 : 0.2),
      })),
      {
        menteeId: blockedId,
        mentorId: vikram.id,
        status: "canceled" as const,
        amountPaise: 4 * vikram.rate,
        activatedAt: at(18),
        currentPeriodStart: at(18),
        currentPeriodEnd: at(5),
        endedAt: at(5),
        createdAt: at(18),
      },
    ]),
    db.insert(mentors).values(
      mentorRow({
        id: rejectedId,
        email: REJECTED_DEMO_APPLICANT,
        passwordHash,
        firstName: "Rejected",
        lastName: "Applicant",
        jobTitle: "Intern",
        firmName: "Self-employed",
        bio: "I would like to mentor.",
        status: "rejected",
        appliedAt: at(9),
        rejectedAt: at(8),
        rejectionReason: "The application does not show the professional experience mentees expect.",
        createdAt: at(9),
      }),
    ),
    db.insert(tickets).values([...openTickets, dismissed, blockedTicket]),
    db.insert(moderationActions).values([
      {
        moderatorId: moderator.id,
        action: "reject_applicant",
        targetRole: "mentor",
        targetId: rejectedId,
        reason: "The application does not show the professional experience mentees expect.",
        onceKey: `application:${rejectedId}:${at(9).getTime()}`,
        createdAt: at(8),
      },
      {
        moderatorId: moderator.id,
        action: "resolve_ticket_block",
        targetRole: "mentee",
        targetId: blockedId,
        ticketId: blockedTicket.id,
        reason: blockedTicket.resolutionNote,
        createdAt: at(5),
      },
      {
        moderatorId: moderator.id,
        action: "block",
        targetRole: "mentee",
        targetId: blockedId,
        ticketId: blockedTicket.id,
        reason: blockedTicket.resolutionNote,
        createdAt: at(5),
      },
      {
        moderatorId: moderator.id,
        action: "dismiss_ticket",
        targetRole: "mentor",
        targetId: fourth.mentorRow.id,
        ticketId: dismissed.id,
        reason: dismissed.resolutionNote,
        createdAt: at(3),
      },
    ]),
  ]);
}

/**
 * The newcomers' first paid months, in the ledger: a new enrollment is a subscription's first paid month (ADR 0024), for
 * the moderator's chart as for each mentor's, so each newcomer's subscription has its payment, on the day it began. Their
 * mentors have not set up payouts, so each share is held for them; the mentors of the payouts demo (who have an account)
 * keep the ledger that demo writes. Run after it; idempotent (one payment per subscription, written once).
 */
export async function seedNewcomerPayments(db: Db): Promise<void> {
  const rows = await db
    .select(FIRST_MONTH_COLUMNS)
    .from(enrollments)
    .innerJoin(mentees, eq(mentees.id, enrollments.menteeId))
    .where(
      and(
        inArray(
          mentees.email,
          newcomers.map((n) => email(n.first)),
        ),
        sql`not exists (select 1 from earnings e where e.enrollment_id = ${enrollments.id})`,
        sql`not exists (select 1 from payout_accounts a where a.mentor_id = ${enrollments.mentorId})`,
      ),
    );
  const ledger = rows.flatMap((row) => heldFirstMonth(row, `newcomer_${tag(row.id)}`));
  if (ledger.length) await db.insert(earnings).values(ledger).onConflictDoNothing();
}
