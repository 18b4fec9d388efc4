import { eq } from "drizzle-orm";
import { earnings, mentees } from "../../db/schema";
import { notify } from "../notifications/notifications";
import type { ServiceDeps } from "../platform/deps";
import { type MoneyOutcome, netAfter, rupees } from "./ledger";

/**
 * After the commit of a dispute event (ADR 0024): the mentor hears what happened to his share of that
 * payment. One notification per event; the amounts are the ledger's totals. A refund's notices are
 * written with the refund itself (refund-notices.ts).
 */
export async function tellMentorAboutMoney(
  deps: Pick<ServiceDeps, "db" | "env" | "waitUntil" | "now">,
  outcome: Extract<MoneyOutcome, { kind: "money" }>,
): Promise<void> {
  const { db } = deps;
  const [found] = await db
    .select({ row: earnings, firstName: mentees.firstName, lastName: mentees.lastName })
    .from(earnings)
    .innerJoin(mentees, eq(mentees.id, earnings.menteeId))
    .where(eq(earnings.id, outcome.earningId));
  if (!found) return;
  const { row } = found;
  const who = `${found.firstName} ${found.lastName}`;
  const texts: Partial<Record<typeof outcome.change, string>> = {
    "dispute-opened": `${who}'s bank disputed a payment of ${rupees(row.grossPaise)}. Your share of it (${rupees(netAfter(row))}) is held back until the bank decides.`,
    "dispute-won": `The dispute on ${who}'s payment was decided in your favour: your share of ${rupees(netAfter(row))} is yours again.`,
    "dispute-lost": `The bank decided the dispute on ${who}'s payment in the mentee's favour: your share of that payment was taken back.`,
  };
  const content = texts[outcome.change];
  if (!content) return;
  // The change is committed; a lost notification must not make Stripe redeliver the event.
  await notify(deps, { role: "mentor", id: row.mentorId }, { type: "alert", kind: "account", content }).catch((error: unknown) =>
    console.error("notification failed", error),
  );
}
