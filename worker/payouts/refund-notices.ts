import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../db/client";
import { mentees, mentors, refunds } from "../../db/schema";
import { mentorZoneOrDefault, zoneOr } from "../../shared/zoned-time";
import { deliverMailSoon, mailInsertWhen } from "../mail/mail";
import { refundMailToMentee, refundMailToMentor } from "../mail/money-mails";
import { notificationWrite, pushNotification, type Told } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { mailLocale } from "../platform/i18n";
import type { Recipient } from "../realtime/push";
import { type Earning, refundSplit, rupees } from "./ledger";

/** What a refund's batch writes besides the ledger, and whom to push once it committed. */
export type RefundNotices = { writes: BatchItem<"sqlite">[]; told: Told[] };

const whenPreviousChanged = sql`changes() = 1`;

/**
 * The record of one refund and its notices, for the batch right after the ledger update that moves
 * the payment's refunded total from `row.refundedPaise` to `refundedTotal` (ADR 0011, 0024): each is
 * written only if the statement before it wrote, so a writer that lost the race to another (the
 * moderator's refund and Stripe's `charge.refunded` for the same refund) writes none of them. The
 * mentee hears how much came back; the mentor what it took from his share. None when an account is gone.
 */
export async function refundNoticeWrites(db: Db, row: Earning, refundedTotal: number, now: Date): Promise<RefundNotices> {
  const refunded = Math.min(refundedTotal, row.grossPaise);
  const amount = refunded - row.refundedPaise;
  const [mentee, mentor] = await Promise.all([
    db.query.mentees.findFirst({
      where: eq(mentees.id, row.menteeId),
      columns: { email: true, firstName: true, lastName: true, timeZone: true, locale: true },
    }),
    db.query.mentors.findFirst({
      where: eq(mentors.id, row.mentorId),
      columns: { email: true, firstName: true, lastName: true, timeZone: true, locale: true },
    }),
  ]);
  const record = db.run(sql`insert into ${refunds} (id, earning_id, amount_paise, refunded_total_paise, refunded_at)
    select ${crypto.randomUUID()}, ${row.id}, ${amount}, ${refunded}, ${now.getTime()} where ${whenPreviousChanged}
    on conflict do nothing`);
  if (amount <= 0 || !mentee || !mentor) return { writes: [record], told: [] };

  const split = refundSplit(row, refunded);
  const shareAfter = Math.max(0, row.netPaise - Math.max(row.reversedPaise, split.reversedPaise));
  const menteeName = `${mentee.firstName} ${mentee.lastName}`.trim();
  const mentorName = `${mentor.firstName} ${mentor.lastName}`.trim();
  const facts = {
    earningId: row.id,
    invoiceId: row.invoiceId,
    currency: row.currency,
    paidAt: row.paidAt,
    grossPaise: row.grossPaise,
    amountPaise: amount,
    refundedTotalPaise: refunded,
    mentorName,
    menteeName,
    mentorShareAfterPaise: shareAfter,
    mentorShareTakenPaise: Math.max(0, Math.max(row.reversedPaise, split.reversedPaise) - row.reversedPaise),
  };
  const toMentee: Recipient = { role: "mentee", id: row.menteeId };
  const toMentor: Recipient = { role: "mentor", id: row.mentorId };
  const menteeNotice = notificationWrite(
    db,
    toMentee,
    {
      type: "alert",
      kind: "account",
      content: `${rupees(amount)} of your payment of ${rupees(row.grossPaise)} to ${mentorName} was refunded. It goes back to the card you paid with within 5 to 10 business days.`,
    },
    now,
    { ifPreviousChanged: true },
  );
  const mentorNotice = notificationWrite(
    db,
    toMentor,
    {
      type: "alert",
      kind: "account",
      content: `${rupees(refunded)} of ${menteeName}'s payment of ${rupees(row.grossPaise)} was refunded; your share of it is now ${rupees(shareAfter)}.`,
    },
    now,
    { ifPreviousChanged: true },
  );
  const reader = (p: NonNullable<typeof mentee>, zone: string) => ({
    email: p.email,
    first: p.firstName,
    zone,
    locale: mailLocale(p.locale),
  });
  const at = now.getTime();
  return {
    writes: [
      record,
      menteeNotice.statement,
      mentorNotice.statement,
      mailInsertWhen(db, refundMailToMentee(reader(mentee, zoneOr(mentee.timeZone)), facts), whenPreviousChanged, at),
      mailInsertWhen(db, refundMailToMentor(reader(mentor, mentorZoneOrDefault(mentor.timeZone)), facts), whenPreviousChanged, at),
    ],
    told: [
      { to: toMentee, view: menteeNotice.view },
      { to: toMentor, view: mentorNotice.view },
    ],
  };
}

/** After the commit of a refund that moved the total: its bell entries pushed, its mails handed on. */
export function announce(deps: Pick<ServiceDeps, "env" | "waitUntil">, told: Told[]): void {
  if (told.length === 0) return;
  for (const { to, view } of told) pushNotification(deps.env, deps.waitUntil, to, view);
  deliverMailSoon(deps.env, deps.waitUntil);
}
