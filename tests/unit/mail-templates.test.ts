import { describe, expect, it } from "vitest";
import { type IcsEvent, icsInvitation } from "../../worker/calendars/ics";
import { formatAmount, receiptMail, welcomeMail } from "../../worker/mail/account-mails";
import { bookingMails, type Party } from "../../worker/mail/booking-mails";
import { escapeHtml, htmlOf, textOf } from "../../worker/mail/layout";
import { reminderMail, waitlistOfferMail } from "../../worker/mail/schedule-mails";
import type { SlotView } from "../../worker/scheduling/slot-view";

const ORIGIN = "https://app.example.test";
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");
const lines = (text: string) => unfold(text).split("\r\n");

const HOSTILE = `<script>alert("x")</script> & 'Bob'`;

const mentee: Party = { email: "meera@example.test", first: HOSTILE, last: "Iyer", zone: "America/New_York", locale: "en" };
const mentor: Party = { email: "asha@example.test", first: "Asha", last: "<b>Rao</b>", zone: "Asia/Kolkata", locale: "en" };
const view: SlotView = {
  id: "slot-1",
  type: "session",
  state: "booked",
  start: "2026-03-09T14:00:00.000Z",
  end: "2026-03-09T15:00:00.000Z",
  menteeId: "mentee-1",
  menteeName: null,
  menteeTimeZone: "America/New_York",
  mentorId: "mentor-1",
  mentorName: "Asha Rao",
  mentorProfileImage: "",
  mentorTimeZone: "Asia/Kolkata",
  title: "<i>System design</i>",
  description: null,
  source: "manual",
  bookingId: "slot-1-1772000000000",
  sequence: 2,
  agenda: HOSTILE,
  rescheduleRequest: null,
  attendance: null,
};
const now = new Date("2026-03-01T08:15:30Z");

describe("e-mail HTML escapes what people type", () => {
  it("the layout escapes title, greeting, paragraphs and details; the text keeps them as typed", () => {
    const content = {
      title: `Hi <${HOSTILE}>`,
      greeting: HOSTILE,
      paragraphs: [HOSTILE],
      details: [[HOSTILE, HOSTILE]] as [string, string][],
    };
    const html = htmlOf(content);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"x"`);
    expect(html).toContain(escapeHtml(HOSTILE));
    expect(escapeHtml(HOSTILE)).toBe("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;Bob&#39;");
    expect(textOf(content)).toContain(HOSTILE);
  });

  it("booking mails: names, topic and agenda never become markup, in any change", () => {
    for (const change of [
      { kind: "booked" },
      { kind: "moved", from: new Date("2026-03-08T14:00:00Z") },
      { kind: "cancelled", reason: HOSTILE },
      { kind: "deleted", reason: HOSTILE },
    ] as const) {
      const mails = bookingMails({ change, view, mentee, mentor, now, origin: ORIGIN });
      expect(mails.map((m) => m.to)).toEqual([mentee.email, mentor.email]);
      for (const mail of mails) {
        expect(mail.html).not.toMatch(/<script|<b>Rao|<i>System/);
        expect(mail.html).toContain("&#60;script&#62;");
        expect(mail.text).toContain(HOSTILE);
      }
    }
  });

  it("each party reads the time in their own zone", () => {
    const [toMentee, toMentor] = bookingMails({ change: { kind: "booked" }, view, mentee, mentor, now, origin: ORIGIN });
    expect(toMentee.subject).toBe("Booked: session with Asha <b>Rao</b> on March 9th 2026, 10:00 am (America/New_York)");
    expect(toMentor.subject).toBe(`${HOSTILE} Iyer booked a session on March 9th 2026, 7:30 pm (Asia/Kolkata)`);
  });

  it("welcome and receipt escape the name and show amount, period and mentor", () => {
    expect(welcomeMail("a@example.test", HOSTILE, "password", "en").html).not.toContain("<script>");
    const receipt = receiptMail({
      to: "a@example.test",
      menteeFirst: HOSTILE,
      mentorName: "Asha <b>Rao</b>",
      amountMinor: 480_250,
      currency: "inr",
      period: { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") },
      invoiceId: "in_123",
      zone: "Asia/Kolkata",
      locale: "en",
    });
    expect(receipt.subject).toBe("Receipt: ₹4,802.50 for your mentorship with Asha <b>Rao</b>");
    expect(receipt.text).toContain("Period: March 1st 2026 to April 1st 2026");
    expect(receipt.html).toContain("Asha &#60;b&#62;Rao&#60;/b&#62;");
    expect(receipt.html).not.toContain("<b>Rao");
    expect(receipt.dedupeKey).toBe("receipt:in_123");
    // Each currency's own decimals: cents for USD, none for JPY.
    expect(formatAmount(1000, "usd")).toMatch(/\$10\.00$/);
    expect(formatAmount(1000, "jpy")).toMatch(/¥1,000$/);
  });
});

describe("the invitation calendars (METHOD:REQUEST / CANCEL)", () => {
  const event: IcsEvent = {
    uid: "slot-1-1772000000000@mentorlink",
    sequence: 2,
    start: new Date("2026-03-09T14:00:00Z"),
    end: new Date("2026-03-09T15:00:00Z"),
    stamp: now,
    summary: "Mentorship session with Asha Rao",
    organizer: { name: "Asha Rao", email: "asha@example.test" },
    attendees: [{ name: "Meera Iyer", email: "meera@example.test" }],
  };

  it("CANCEL keeps the UID, says CANCELLED and raises the SEQUENCE by one", () => {
    const all = lines(icsInvitation(event, "CANCEL"));
    expect(all).toContain("METHOD:CANCEL");
    expect(all).toContain(`UID:${event.uid}`);
    expect(all).toContain("STATUS:CANCELLED");
    expect(all).toContain("SEQUENCE:3");
    expect(all).toContain("DTSTART:20260309T140000Z");
    expect(all.find((l) => l.startsWith("ORGANIZER"))).toMatch(/asha@example\.test$/i);
    expect(all.find((l) => l.startsWith("ATTENDEE"))).toMatch(/meera@example\.test$/i);
    expect(all.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("REQUEST keeps the event's SEQUENCE and is CONFIRMED", () => {
    const all = lines(icsInvitation(event, "REQUEST"));
    expect(all).toContain("METHOD:REQUEST");
    expect(all).toContain("STATUS:CONFIRMED");
    expect(all).toContain("SEQUENCE:2");
  });

  it("the booking mails attach REQUEST when booked or moved and CANCEL when cancelled or deleted, with the booking's UID", () => {
    const method = (kind: "booked" | "cancelled") => {
      const [mail] = bookingMails({
        change: kind === "booked" ? { kind } : { kind, reason: null },
        view,
        mentee,
        mentor,
        now,
        origin: ORIGIN,
      });
      const file = mail.attachments![0];
      expect(unfold(file.content)).toContain(`UID:${view.bookingId}@mentorlink`);
      return [
        file.filename,
        file.contentType,
        lines(file.content).find((l) => l.startsWith("METHOD:")),
        lines(file.content).find((l) => l.startsWith("SEQUENCE:")),
      ];
    };
    expect(method("booked")).toEqual(["invite.ics", "text/calendar; charset=utf-8; method=REQUEST", "METHOD:REQUEST", "SEQUENCE:2"]);
    expect(method("cancelled")).toEqual(["cancel.ics", "text/calendar; charset=utf-8; method=CANCEL", "METHOD:CANCEL", "SEQUENCE:3"]);
  });
});

describe("the scheduler's mails in the one look", () => {
  it("a reminder and a waitlist offer come in plain text and HTML, with names escaped", () => {
    const reminder = reminderMail({
      to: "a@example.com",
      first: "Asha",
      other: "Ravi <b>Rao</b>",
      soon: "starts within the hour",
      when: "Tue, 1 Dec, 18:00 (Asia/Kolkata)",
      locale: "en",
    });
    expect(reminder.subject).toBe("Reminder: your MentorLink session starts within the hour");
    expect(reminder.text).toContain("When: Tue, 1 Dec, 18:00 (Asia/Kolkata)\nWith: Ravi <b>Rao</b>");
    expect(reminder.html).toContain("Ravi &#60;b&#62;Rao&#60;/b&#62;");
    expect(reminder.html).not.toContain("<b>Rao");

    const offer = waitlistOfferMail({
      to: "m@example.com",
      first: "Meera",
      mentorName: "Asha Iyer",
      when: "Thu, 3 Dec, 19:00 (Asia/Kolkata)",
      holdMinutes: 15,
      locale: "en",
    });
    expect(offer.subject).toBe("An earlier time opened with Asha Iyer");
    expect(offer.text).toContain("It is held for you for 15 minutes.");
    expect(offer.html).toMatch(/<th[^>]*>When<\/th><td[^>]*>Thu, 3 Dec, 19:00 \(Asia\/Kolkata\)<\/td>/);
  });
});
