import { describe, expect, it } from "vitest";
import { payoutMail, type RefundFacts, refundMailToMentee, refundMailToMentor } from "../../worker/mail/money-mails";

const DEVANAGARI = /[\u0900-\u097F]/;

const facts: RefundFacts = {
  earningId: "e1",
  invoiceId: "in_1",
  currency: "inr",
  paidAt: new Date("2026-03-05T10:00:00Z"),
  grossPaise: 800_000,
  amountPaise: 200_000,
  refundedTotalPaise: 200_000,
  mentorName: "Asha <b>Rao</b>",
  menteeName: "Priya Sharma",
  mentorShareAfterPaise: 480_000,
  mentorShareTakenPaise: 160_000,
};
const reader = (locale: "en" | "hi") => ({ email: "x@example.test", first: "Priya", zone: "Asia/Kolkata", locale });

describe("money mails", () => {
  it("tell the mentee what came back and the mentor what it took of his share, once per refunded total", () => {
    const mentee = refundMailToMentee(reader("en"), facts);
    expect(mentee.subject).toBe("Refund: ₹2,000.00 of your payment to Asha <b>Rao</b>");
    expect(mentee.text).toContain("We refunded ₹2,000.00 of your payment of ₹8,000.00 for your mentorship with Asha <b>Rao</b>.");
    expect(mentee.text).toContain("Paid on: March 5th 2026");
    expect(mentee.html).not.toContain("<b>Rao</b>");
    expect(mentee.dedupeKey).toBe("refund:e1:200000:mentee");
    const mentor = refundMailToMentor(reader("en"), facts);
    expect(mentor.text).toContain("₹1,600.00 of your share was taken back, in proportion.");
    expect(mentor.text).toContain("Your share of that payment is now ₹4,800.00.");
    expect(mentor.dedupeKey).toBe("refund:e1:200000:mentor");
  });

  it("say a payout's arrival or failure, keyed by payout and status", () => {
    const paid = payoutMail(reader("en"), {
      payoutId: "po_1",
      amountPaise: 640_000,
      currency: "inr",
      status: "paid",
      arrivalDate: new Date("2026-03-06T00:00:00Z"),
      failureMessage: null,
    });
    expect(paid.subject).toBe("Payout of ₹6,400.00 sent to your bank");
    expect(paid.text).toContain("It arrives by March 6th 2026.");
    expect(paid.dedupeKey).toBe("payout:po_1:paid");
    const failed = payoutMail(reader("en"), {
      payoutId: "po_1",
      amountPaise: 640_000,
      currency: "inr",
      status: "failed",
      arrivalDate: new Date("2026-03-06T00:00:00Z"),
      failureMessage: "The bank account could not be found.",
    });
    expect(failed.subject).toBe("Your payout of ₹6,400.00 failed");
    expect(failed.text).toContain("The bank said: The bank account could not be found.");
  });

  it("are written in Hindi for a Hindi reader", () => {
    for (const mail of [
      refundMailToMentee(reader("hi"), facts),
      refundMailToMentor(reader("hi"), facts),
      payoutMail(reader("hi"), {
        payoutId: "po_1",
        amountPaise: 640_000,
        currency: "inr",
        status: "paid",
        arrivalDate: new Date("2026-03-06T00:00:00Z"),
        failureMessage: null,
      }),
    ]) {
      expect(mail.subject).toMatch(DEVANAGARI);
      expect(mail.text).toMatch(DEVANAGARI);
      expect(mail.html).toContain('<html lang="hi">');
    }
  });
});
