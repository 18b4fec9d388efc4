import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { earnings, refunds } from "../../db/schema";
import { accessTokenFor, createMentee, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { payOnLocalCheckout, postToLocalStripe, readyMentor } from "../support/local-money";
import { deliveredMail, mailTo } from "../support/mail";
import { createModerator } from "../support/moderation";
import { noticeTextsOf } from "../support/moves";

/**
 * Money that moves after a payment reaches the people it concerns (ADR 0011, 0024), on the
 * development Worker's local Stripe: a moderator's refund tells the mentee (bell and mail) how
 * much came back and the mentor (bell and mail) what it took of his share, once each although
 * Stripe's `charge.refunded` records the same refund; her Subscriptions page lists the payment,
 * its refunds with their dates and its receipt (hers only); a payout to the mentor's bank reaches
 * his bell and his mailbox once.
 */

describe("refunds and payouts reach people", () => {
  it("a moderator's refunds: the mentee and the mentor hear each once, and her Subscriptions page lists the payment, its refunds and its receipt", async () => {
    const { mentor } = await readyMentor();
    const { buyer, token, sessionId } = await payOnLocalCheckout(mentor.id);
    const [row] = await testDb().select().from(earnings).where(eq(earnings.mentorId, mentor.id));
    expect(row).toMatchObject({ grossPaise: 800_000 });

    // The success page already knows the receipt of the payment that started the subscription.
    expect(await trpc(token).payments.checkoutStatus.query({ sessionId })).toMatchObject({ isActive: true, receiptId: row.id });

    const moderator = await createModerator();
    await trpc(moderator.token).moderation.refundPayment.mutate({ earningId: row.id, amountPaise: 200_000, reason: "Two calls missed" });

    const mentorName = `${mentor.firstName} ${mentor.lastName}`;
    const menteeName = `${buyer.firstName} ${buyer.lastName}`;
    expect(await noticeTextsOf("mentee", buyer.id)).toEqual(
      expect.arrayContaining([
        `₹2,000 of your payment of ₹8,000 to ${mentorName} was refunded. It goes back to the card you paid with within 5 to 10 business days.`,
      ]),
    );
    expect((await noticeTextsOf("mentor", mentor.id)).filter((n) => n.includes("was refunded"))).toEqual([
      `₹2,000 of ${menteeName}'s payment of ₹8,000 was refunded; your share of it is now ₹4,800.`,
    ]);
    const menteeMail = await deliveredMail(buyer.email, `Refund: ₹2,000.00 of your payment to ${mentorName}`);
    expect(menteeMail.text).toContain(`We refunded ₹2,000.00 of your payment of ₹8,000.00 for your mentorship with ${mentorName}.`);
    const mentorMail = await deliveredMail(mentor.email, `A refund on ${menteeName}'s payment`);
    expect(mentorMail.text).toContain("₹1,600.00 of your share was taken back, in proportion.");
    expect(mentorMail.text).toContain("Your share of that payment is now ₹4,800.00.");

    // The rest: a second refund, a second notice each; the first is not repeated.
    await trpc(moderator.token).moderation.refundPayment.mutate({ earningId: row.id, reason: "The rest" });
    expect((await noticeTextsOf("mentee", buyer.id)).filter((n) => n.includes("was refunded"))).toHaveLength(2);
    expect((await noticeTextsOf("mentor", mentor.id)).filter((n) => n.includes("was refunded"))).toHaveLength(2);
    expect((await mailTo(buyer.email)).filter((m) => m.subject.startsWith("Refund:")).map((m) => m.subject)).toEqual([
      `Refund: ₹6,000.00 of your payment to ${mentorName}`,
      `Refund: ₹2,000.00 of your payment to ${mentorName}`,
    ]);
    // Each refund's record names who asked: the moderator (his audit entry names him), not an account deletion.
    expect(
      (await testDb().select().from(refunds).where(eq(refunds.earningId, row.id))).map((r) => [r.requestedBy, r.accountDeletionId]),
    ).toEqual([
      ["moderator", null],
      ["moderator", null],
    ]);

    const [payment] = await trpc(token).subscriptions.payments.query();
    expect(payment).toMatchObject({
      id: row.id,
      mentor: { id: mentor.id, name: mentorName },
      amountPaise: 800_000,
      refundedPaise: 800_000,
      refunds: [
        { amountPaise: 200_000, refundedAt: expect.any(String) },
        { amountPaise: 600_000, refundedAt: expect.any(String) },
      ],
    });
    expect(await trpc(token).subscriptions.receipt.query({ paymentId: row.id })).toMatchObject({
      id: row.id,
      invoiceId: row.invoiceId,
      menteeEmail: buyer.email,
      amountPaise: 800_000,
    });
    // Another mentee's receipt is not found, as one that does not exist.
    const other = await createMentee();
    const otherToken = await accessTokenFor("mentee", other.id);
    expect(await trpcOutcome(trpc(otherToken).subscriptions.receipt.query({ paymentId: row.id }))).toMatchObject({ status: 404 });
    expect(await trpc(otherToken).subscriptions.payments.query()).toEqual([]);
  });

  it("a payout to the mentor's bank reaches his bell and his mailbox, once", async () => {
    const { mentor, account } = await readyMentor();
    await payOnLocalCheckout(mentor.id);
    const paidOut = await postToLocalStripe(`/dev/stripe/express/${account}/payout`);
    expect(paidOut.status).toBe(303);
    expect((await noticeTextsOf("mentor", mentor.id)).filter((n) => n.startsWith("Payout of"))).toEqual([
      "Payout of ₹6,400.00 sent to your bank account.",
    ]);
    const mail = await deliveredMail(mentor.email, "Payout of ₹6,400.00 sent to your bank");
    expect(mail.text).toContain("₹6,400.00 of your earnings was paid out to your bank account.");
    expect((await mailTo(mentor.email)).filter((m) => m.subject.startsWith("Payout of"))).toHaveLength(1);
  });
});
