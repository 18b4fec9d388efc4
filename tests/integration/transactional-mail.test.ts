import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { createMentor, menteeSignup, testDb } from "../support/accounts";
import { doublesUrl, rest as sharedRest, trpcOutcome } from "../support/api";
import { deliveredMail } from "../support/mail";
import { ask, bookedPair, move, removeSlot, row, mentee as schedulingMentee, trpcAt } from "../support/moves";
import { ownPaymentsStack, subscribe as pay, mentee as payingMentee, stripe } from "../support/payments";
import { book, call, cancel } from "../support/scheduling";

ownPaymentsStack();

/**
 * An e-mail for every change that matters, through the one outbox, each in plain
 * text and HTML, written in the same batch as its change (none when the change did not happen), the
 * booking's calendar file attached (METHOD:REQUEST when booked or moved, CANCEL when cancelled or
 * deleted: the booking's UID, SEQUENCE one higher), and visible with its file in /dev/mailbox.
 */

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
const outbox = (to: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));
const only = async (to: string, subject: RegExp) => {
  const mails = (await outbox(to)).filter((m) => subject.test(m.subject));
  expect(mails, `${to}: ${(await outbox(to)).map((m) => m.subject).join(" | ")}`).toHaveLength(1);
  return mails[0];
};
const calendarOf = (mail: { attachments: { filename: string; contentType: string; content: string }[] | null }) => {
  expect(mail.attachments).toHaveLength(1);
  return { ...mail.attachments![0], ics: unfold(mail.attachments![0].content) };
};

describe("welcome", () => {
  it("a new mentee is welcomed once, in text and HTML; a refused second sign-up writes nothing", async () => {
    const input = menteeSignup({ firstName: "Meera" });
    expect((await sharedRest("POST", "/api/mentees/register", { body: input })).status).toBe(201);
    const welcome = await only(input.email, /^Welcome to MentorLink, Meera$/);
    expect(welcome.body).toMatch(/Hi Meera,/);
    expect(welcome.body).toMatch(/Find a mentor/);
    expect(welcome.html).toMatch(/<h1[^>]*>Welcome to MentorLink, Meera<\/h1>/);
    expect(welcome.attachments).toBeNull();
    expect((await sharedRest("POST", "/api/mentees/register", { body: input })).status).toBe(409);
    await only(input.email, /^Welcome/);
  });
});

describe("bookings: both parties, with the calendar file", () => {
  it("booked: REQUEST to both with the booking's UID, the agenda escaped in the HTML; visible with its file in /dev/mailbox", async () => {
    const { m, me, slots } = await bookedPair([48]);
    const agenda = `<b>Career</b> & "pivot"`;
    const booked = await trpcOutcome(trpcAt(me.token).scheduling.book.mutate({ slotId: slots[0], agenda } as never));
    expect(booked.status, booked.message).toBe(200);
    const { bookingId } = await row(slots[0]);

    const menteeMail = await only(me.row.email, /^Booked: session with Asha Rao\w+ on /);
    // Her zone (New York), his zone (Kolkata).
    expect(menteeMail.subject).toMatch(/\(America\/New_York\)$/);
    expect(menteeMail.body).toContain(`Agenda: ${agenda}`);
    expect(menteeMail.html).toContain("&#60;b&#62;Career&#60;/b&#62; &#38; &#34;pivot&#34;");
    expect(menteeMail.html).not.toContain("<b>Career");
    const mentorMail = await only(m.row.email, /booked a session on .*\(Asia\/Kolkata\)$/);
    expect(mentorMail.subject).toContain(`${me.row.firstName} ${me.row.lastName} booked a session`);
    expect(mentorMail.html).toMatch(/^<!doctype html>/);

    for (const mail of [menteeMail, mentorMail]) {
      const file = calendarOf(mail);
      expect(file).toMatchObject({ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
      expect(file.ics).toContain("METHOD:REQUEST");
      expect(file.ics).toContain(`UID:${bookingId}@mentorlink`);
      expect(file.ics).toContain("STATUS:CONFIRMED");
      expect(file.ics).not.toMatch(/SEQUENCE:[1-9]/);
      expect(file.ics).toContain(`MAILTO:${m.row.email}`);
      expect(file.ics).toContain(`mailto:${me.row.email}`);
    }

    // The invitation is the event of the downloadable file: its UID and its join link (the live room of each party's own page).
    const property = (ics: string, name: string) => ics.match(new RegExp(`\r\n${name}:([^\r]+)\r\n`))?.[1];
    for (const [mail, who, page] of [
      [menteeMail, me, "mentees"],
      [mentorMail, m, "mentors"],
    ] as const) {
      const file = calendarOf(mail).ics;
      const downloaded = unfold((await call("GET", `/api/calendar/booking/${slots[0]}.ics`, { token: who.token })).text);
      const joinUrl = property(file, "URL");
      expect(joinUrl).toMatch(new RegExp(`^https?://[^/]+/${page}/connect/live/${slots[0]}$`));
      expect(joinUrl).toBe(property(downloaded, "URL"));
      expect(file).toContain(`Join the session: ${joinUrl}`);
      expect(property(file, "UID")).toBe(property(downloaded, "UID"));
      expect(mail.body).toContain(`Join link: ${joinUrl}`);
    }

    // The local mail stand-in: the message with its file, listed and downloadable.
    const delivered = await deliveredMail(me.row.email, menteeMail.subject);
    expect(delivered.attachments).toEqual([
      expect.objectContaining({ filename: "invite.ics", contentType: expect.stringMatching(/^text\/calendar/) }),
    ]);
    const page = await (await fetch(`${doublesUrl()}/dev/mailbox`)).text();
    expect(page).toContain(`/dev/mailbox/messages/${delivered.id}/attachments/0`);
    const download = await fetch(`${doublesUrl()}/dev/mailbox/messages/${delivered.id}/attachments/0`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="invite.ics"');
    expect(unfold(await download.text())).toContain(`UID:${bookingId}@mentorlink`);
    const htmlView = await fetch(`${doublesUrl()}/dev/mailbox/messages/${delivered.id}/html`);
    expect(await htmlView.text()).toContain("&#60;b&#62;Career");
  });

  it("a refused booking writes no mail to anyone", async () => {
    const { m, slots } = await bookedPair([50]);
    const stranger = await schedulingMentee(); // not subscribed
    expect((await book(stranger.token, slots[0])).status).toBe(403);
    expect(await outbox(stranger.row.email)).toHaveLength(0);
    expect(await outbox(m.row.email)).toHaveLength(0);
  });

  it("cancelled by the mentee: CANCEL to both, same UID, STATUS:CANCELLED, SEQUENCE + 1; a second cancel writes nothing", async () => {
    const { m, me, slots } = await bookedPair([60]);
    expect((await book(me.token, slots[0])).status).toBe(201);
    const { bookingId } = await row(slots[0]);
    expect((await cancel(me.token, slots[0])).status).toBe(200);

    const menteeMail = await only(me.row.email, /^Cancelled: your session with /);
    expect(menteeMail.body).toMatch(/The call is back in your plan/);
    const mentorMail = await only(m.row.email, /cancelled the session on /);
    for (const mail of [menteeMail, mentorMail]) {
      const file = calendarOf(mail);
      expect(file).toMatchObject({ filename: "cancel.ics", contentType: "text/calendar; charset=utf-8; method=CANCEL" });
      expect(file.ics).toContain("METHOD:CANCEL");
      expect(file.ics).toContain(`UID:${bookingId}@mentorlink`);
      expect(file.ics).toContain("STATUS:CANCELLED");
      expect(file.ics).toContain("SEQUENCE:1");
    }
    expect((await cancel(me.token, slots[0])).status).not.toBe(200);
    expect(await outbox(me.row.email)).toHaveLength(2); // booked + cancelled
    expect(await outbox(m.row.email)).toHaveLength(2);
  });

  it("moved: REQUEST at the new time to both, same UID, SEQUENCE 1; the mentor's subject as before", async () => {
    const { m, me, slots } = await bookedPair([70, 94]);
    expect((await book(me.token, slots[0])).status).toBe(201);
    const { bookingId } = await row(slots[0]);
    const moved = await move(me.token, slots[0], slots[1]);
    expect(moved.status, moved.message).toBe(200);

    const menteeMail = await only(me.row.email, /^Moved: your session with .* is now on /);
    expect(menteeMail.body).toMatch(/^Was: /m);
    const mentorMail = await only(m.row.email, /moved a session to /);
    const target = await row(slots[1]);
    for (const mail of [menteeMail, mentorMail]) {
      const file = calendarOf(mail);
      expect(file.ics).toContain("METHOD:REQUEST");
      expect(file.ics).toContain(`UID:${bookingId}@mentorlink`);
      expect(file.ics).toContain("SEQUENCE:1");
      expect(file.ics).toContain(`DTSTART:${target.startAt.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`);
    }
  });

  it("the mentor's request to pick another time reaches her in text and HTML, his message escaped", async () => {
    const { m, me, slots } = await bookedPair([75]);
    expect((await book(me.token, slots[0])).status).toBe(201);
    expect((await ask(m.token, slots[0], "Can we do <b>Friday</b>?")).status).toBe(200);
    const mail = await only(me.row.email, /asked you to pick another time$/);
    expect(mail.body).toContain('"Can we do <b>Friday</b>?"');
    expect(mail.html).toContain("Can we do &#60;b&#62;Friday&#60;/b&#62;?");
    expect(mail.html).not.toContain("<b>Friday");
  });

  it("deleted by the mentor: CANCEL to both with his reason, escaped in the HTML; deleting an open slot writes none", async () => {
    const { m, me, slots } = await bookedPair([80, 104]);
    expect((await book(me.token, slots[0])).status).toBe(201);
    const { bookingId } = await row(slots[0]);
    const removed = await removeSlot(m.token, slots[0], undefined, "Sick <today>");
    expect(removed.status, removed.message).toBe(200);

    const menteeMail = await only(me.row.email, /^Asha Rao\w+ cancelled your session on /);
    expect(menteeMail.body).toContain("Reason: Sick <today>");
    expect(menteeMail.html).toContain("Sick &#60;today&#62;");
    const mentorMail = await only(m.row.email, /^You cancelled the session with /);
    for (const mail of [menteeMail, mentorMail]) {
      const file = calendarOf(mail);
      expect(file.ics).toContain("METHOD:CANCEL");
      expect(file.ics).toContain(`UID:${bookingId}@mentorlink`);
      expect(file.ics).toContain("SEQUENCE:1");
    }
    expect((await removeSlot(m.token, slots[1])).status).toBe(200);
    expect(await outbox(m.row.email)).toHaveLength(2); // booked + deleted
  });
});

describe("payment receipt", () => {
  it("one receipt per paid invoice (amount, period, mentor), however often the webhook delivers it", async () => {
    const mentor = await createMentor({ firstName: "Kiran", lastName: `Pay${crypto.randomUUID().slice(0, 4)}` });
    const buyer = await payingMentee();
    const paid = await pay(buyer.accessToken, mentor.id);
    const event = stripe.event("invoice.paid", paid.invoice);
    expect((await stripe.send(event)).status).toBe(200);
    expect((await stripe.send(event)).body.outcome).toBe("duplicate-event");
    // The same invoice in another event (Stripe may send both): still one receipt.
    expect((await stripe.send(stripe.event("invoice.paid", paid.invoice))).status).toBe(200);

    const receipt = await only(buyer.row.email, /^Receipt: /);
    const amount = (paid.invoice.amount_paid / 100).toLocaleString("en-IN", { minimumFractionDigits: 2 });
    expect(receipt.subject).toBe(`Receipt: ₹${amount} for your mentorship with Kiran ${mentor.lastName}`);
    expect(receipt.body).toMatch(new RegExp(`Amount paid: ₹${amount.replace(".", "\\.")}`));
    expect(receipt.body).toMatch(/Period: \w+ \d+\w\w \d{4} to \w+ \d+\w\w \d{4}/);
    expect(receipt.body).toContain(`Invoice: ${paid.invoice.id}`);
    expect(receipt.html).toContain(`Kiran ${mentor.lastName}`);
    expect(receipt.dedupeKey).toBe(`receipt:${paid.invoice.id}`);
  });
});
