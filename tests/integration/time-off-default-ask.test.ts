import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingEvents, notifications } from "../../db/schema";
import { translateSentence } from "../../worker/platform/i18n/sentences";
import { TIME_OFF_ASK } from "../../worker/scheduling/time-off";
import { testDb } from "../support/accounts";
import { dayIn, generatedSlots, trpcAt, wallTime } from "../support/availability";
import { mailTo } from "../support/mail";
import { book, mentee, mentor, slotRow, subscribe } from "../support/scheduling";

/**
 * Time off that asks the mentees to move, without the mentor's note (ADR 0023): no text is stored for the request, and
 * each mentee reads the default ask in her own language, in her notice and her e-mail. His own note is stored and sent
 * as he wrote it.
 */
const Z = "Asia/Kolkata";
const HINDI_ASK = "मैं उस दिन उपलब्ध नहीं हूँ। कृपया दूसरा समय चुनें।";
const minute = (at = Date.now()) => new Date(Math.floor(at / 60_000) * 60_000);

describe("time off's default ask", () => {
  it("stores no text and gives a Hindi reader the default in Hindi, an English one in English", async () => {
    const now = minute();
    const m = await mentor();
    const api = trpcAt(m.token, now);
    await api.scheduling.setWeeklyHours.mutate({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "10:00", end: "12:00" })),
    });
    const hindi = await mentee({ locale: "hi" });
    const english = await mentee({ locale: "en" });
    await subscribe(hindi.id, m.id, now);
    await subscribe(english.id, m.id, now);
    const slotAt = async (time: string) =>
      (await generatedSlots(m.id)).find((r) => r.startAt.getTime() === wallTime(now, 3, time, Z).getTime())!;
    const [forHindi, forEnglish] = [await slotAt("10:00"), await slotAt("11:00")];
    expect((await book(hindi.token, forHindi.id, now)).status).toBe(201);
    expect((await book(english.token, forEnglish.id, now)).status).toBe(201);

    const day = dayIn(now, 3, Z);
    const preview = await api.scheduling.previewTimeOff.query({ firstDay: day, lastDay: day });
    const added = await api.scheduling.addTimeOff.mutate({
      firstDay: day,
      lastDay: day,
      bookings: "ask",
      confirmedBookingIds: preview.bookings.map((s) => s.bookingId!),
    });
    expect(added).toMatchObject({ timeOff: { note: null } });

    for (const slot of [forHindi, forEnglish]) {
      const row = await slotRow(slot.id);
      expect(row.state).toBe("booked");
      expect(row.rescheduleRequestedAt).not.toBeNull();
      // No English text stored: each place that shows the request supplies the default in its reader's language.
      expect(row.rescheduleMessage).toBeNull();
    }
    const asked = await testDb().select().from(bookingEvents).where(eq(bookingEvents.slotId, forHindi.id));
    expect(asked.filter((e) => e.kind === "reschedule-requested").map((e) => e.message)).toEqual([null]);

    const mailOf = async (to: string, subject = /asked you to pick another time/) =>
      (await mailTo(to)).find((mail) => subject.test(mail.subject))!;
    // Her whole mail is in her language, its subject too.
    const hindiMail = await mailOf(hindi.row.email, /ने आपसे कोई दूसरा समय चुनने को कहा है$/);
    expect(hindiMail.body).toContain("सेशन शुरू होने से पहले");
    expect(hindiMail.body).toContain(`"${HINDI_ASK}"`);
    expect(hindiMail.body).not.toContain(TIME_OFF_ASK);
    expect(hindiMail.html).toContain(HINDI_ASK);
    const englishMail = await mailOf(english.row.email);
    expect(englishMail.body).toContain(`"${TIME_OFF_ASK}"`);

    // The notice is written once in English and read in each reader's language, the default ask included.
    const notice = (await testDb().select().from(notifications).where(eq(notifications.recipientId, hindi.id))).find((n) =>
      /asked you to move/.test(n.content),
    )!;
    expect(notice.content).toContain(`"${TIME_OFF_ASK}"`);
    expect(translateSentence(notice.content, "hi")).toContain(`"${HINDI_ASK}"`);
  });

  it("sends and stores the mentor's own note as he wrote it", async () => {
    const now = minute();
    const m = await mentor();
    const api = trpcAt(m.token, now);
    await api.scheduling.setWeeklyHours.mutate({
      weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "10:00", end: "11:00" })),
    });
    const me = await mentee({ locale: "hi" });
    await subscribe(me.id, m.id, now);
    const slot = (await generatedSlots(m.id)).find((r) => r.startAt.getTime() === wallTime(now, 4, "10:00", Z).getTime())!;
    expect((await book(me.token, slot.id, now)).status).toBe(201);
    const day = dayIn(now, 4, Z);
    const preview = await api.scheduling.previewTimeOff.query({ firstDay: day, lastDay: day });
    await api.scheduling.addTimeOff.mutate({
      firstDay: day,
      lastDay: day,
      note: "Conference in Pune",
      bookings: "ask",
      confirmedBookingIds: preview.bookings.map((s) => s.bookingId!),
    });
    expect((await slotRow(slot.id)).rescheduleMessage).toBe("Conference in Pune");
    // Her mail is in Hindi; his note is quoted as he wrote it.
    const mail = (await mailTo(me.row.email)).find((x) => /ने आपसे कोई दूसरा समय चुनने को कहा है$/.test(x.subject))!;
    expect(mail.body).toContain('"Conference in Pune"');
  });
});
