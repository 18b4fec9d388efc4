import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { translateSentenceWith } from "../../shared/sentence-translation";
import { formatWhen, parseWhen, rewriteWhen } from "../../shared/zoned-time";
import { icsCalendar } from "../../worker/calendars/ics";
import { receiptMail, welcomeMail } from "../../worker/mail/account-mails";
import { bookingMails, type Party } from "../../worker/mail/booking-mails";
import { waitWords } from "../../worker/mail/reply-reminder-mail";
import { reminderMail, reminderSoon } from "../../worker/mail/schedule-mails";
import { verifyEmailMail } from "../../worker/mail/templates";
import { i18nFor, mailLocale } from "../../worker/platform/i18n";
import { eventDescription, eventSummary } from "../../worker/platform/i18n/calendar";
import { translateSentence } from "../../worker/platform/i18n/sentences";
import type { SlotView } from "../../worker/scheduling/slot-view";

/** E-mails, reminders and calendar files in the recipient's language (ADR 0027); English word for word. */

const DEVANAGARI = /[\u0900-\u097F]/;
const ORIGIN = "https://app.example.test";
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

const view: SlotView = {
  id: "slot-1",
  type: "session",
  state: "booked",
  start: "2026-03-09T14:00:00.000Z",
  end: "2026-03-09T15:00:00.000Z",
  menteeId: "mentee-1",
  menteeName: "Priya Shah",
  menteeTimeZone: "Asia/Kolkata",
  mentorId: "mentor-1",
  mentorName: "Asha Rao",
  mentorProfileImage: "",
  mentorTimeZone: "Asia/Kolkata",
  title: "System design",
  description: null,
  source: "manual",
  bookingId: "slot-1-1772000000000",
  sequence: 1,
  agenda: "Mock interview",
  rescheduleRequest: null,
  attendance: null,
};
const now = new Date("2026-03-01T08:15:30Z");

describe("mail templates follow the recipient's language", () => {
  it("the welcome is byte-identical English for en and Hindi for hi", () => {
    const en = welcomeMail("priya@example.test", "Priya", "password", "en");
    expect(en.subject).toBe("Welcome to MentorLink, Priya");
    expect(en.text).toBe(
      [
        "Welcome to MentorLink, Priya",
        "Hi Priya,",
        "Your MentorLink account is ready. Here is how people usually start:",
        "1. Find a mentor: search by skill, company or role, and read their profile and reviews.\n2. Book a free intro call to see whether you get on.\n3. Subscribe to chat with them and book your monthly calls.",
        "We also sent you a link to confirm this e-mail address: confirming it keeps your account yours.",
        "If you did not sign up, ignore this e-mail or reply to let us know.",
        "MentorLink",
      ].join("\n\n"),
    );
    expect(en.html).toMatch(/^<!doctype html><html><body /);

    const hi = welcomeMail("priya@example.test", "Priya", "password", "hi");
    expect(hi.subject).toBe("MentorLink में आपका स्वागत है, Priya");
    expect(hi.text).toContain("नमस्ते Priya,");
    expect(hi.html).toContain('<html lang="hi">');
    expect(hi.text).not.toMatch(/Here is how people usually start/);
  });

  it("the verification mail keeps its link and names the account in Hindi", () => {
    const hi = verifyEmailMail("priya@example.test", "mentee", "https://mentorlink.test/auth/verify-email#token=a.b", "hi");
    expect(hi.subject).toBe("अपने MentorLink ई-मेल पते की पुष्टि करें");
    expect(hi.text).toContain("https://mentorlink.test/auth/verify-email#token=a.b");
    expect(hi.text).toContain("MentorLink मेंटी अकाउंट");
    expect(verifyEmailMail("p@example.test", "mentee", "https://l", "en").subject).toBe("Confirm your MentorLink e-mail address");
  });

  it("a receipt's dates and amount are in her language, the amount with the same digits", () => {
    const base = {
      to: "p@example.test",
      menteeFirst: "Priya",
      mentorName: "Asha Rao",
      amountMinor: 480_250,
      currency: "inr",
      period: { start: new Date("2026-03-01T00:00:00Z"), end: new Date("2026-04-01T00:00:00Z") },
      invoiceId: "in_1",
      zone: "Asia/Kolkata",
    };
    const en = receiptMail({ ...base, locale: "en" });
    expect(en.text).toContain("Period: March 1st 2026 to April 1st 2026");
    const hi = receiptMail({ ...base, locale: "hi" });
    expect(hi.subject).toContain("4,802.50");
    expect(hi.text).toContain("अवधि: 1 मार्च 2026 से 1 अप्रैल 2026 तक");
  });

  it("reminders: the same session, each party in her own language", () => {
    const en = reminderMail({
      to: "a@example.test",
      first: "Asha",
      other: "Priya Shah",
      soon: reminderSoon(1, "en"),
      when: "W",
      locale: "en",
    });
    expect(en.subject).toBe("Reminder: your MentorLink session starts within the hour");
    const hi = reminderMail({
      to: "p@example.test",
      first: "Priya",
      other: "Asha Rao",
      soon: reminderSoon(5, "hi"),
      when: "W",
      locale: "hi",
    });
    expect(hi.subject).toBe("रिमाइंडर: आपका MentorLink सेशन लगभग 5 घंटे में है");
    expect(hi.text).toMatch(DEVANAGARI);
    expect(waitWords(76 * 3600_000, "en")).toBe("3 days 4 hours");
    expect(waitWords(73 * 3600_000, "hi")).toBe("3 दिन 1 घंटा");
  });

  it("booking mails: a Hindi mentee and an English mentor each get their own language, with the calendar file's words", () => {
    const mentee: Party = { email: "priya@example.test", first: "Priya", last: "Shah", zone: "Asia/Kolkata", locale: "hi" };
    const mentor: Party = { email: "asha@example.test", first: "Asha", last: "Rao", zone: "Asia/Kolkata", locale: "en" };
    const [toMentee, toMentor] = bookingMails({ change: { kind: "booked" }, view, mentee, mentor, now, origin: ORIGIN });
    expect(toMentee.subject).toBe("बुकिंग पक्की: Asha Rao के साथ सेशन, 9 मार्च 2026, 7:30 pm (Asia/Kolkata)");
    expect(toMentor.subject).toBe("Priya Shah booked a session on March 9th 2026, 7:30 pm (Asia/Kolkata)");
    const menteeIcs = unfold(toMentee.attachments![0].content);
    expect(menteeIcs).toContain("SUMMARY:Asha Rao के साथ मेंटरशिप सेशन");
    expect(menteeIcs).toContain("विषय: System design");
    expect(unfold(toMentor.attachments![0].content)).toContain("SUMMARY:Mentorship session with Priya Shah");
  });
});

describe("calendar files follow the owner's language", () => {
  it("the calendar's name and an event's words", () => {
    expect(unfold(icsCalendar([], "en"))).toContain("X-WR-CALNAME:MentorLink sessions");
    expect(unfold(icsCalendar([], "hi"))).toContain("X-WR-CALNAME:MentorLink सेशन");
    expect(eventSummary("trial", "Asha Rao", "en")).toBe("Free intro call with Asha Rao");
    expect(eventSummary("trial", "Asha Rao", "hi")).toBe("Asha Rao के साथ फ़्री इंट्रो कॉल");
    const words = { type: "session" as const, other: "Asha Rao", title: "Design", agenda: "Mock", mentorTime: "T" };
    expect(eventDescription(words, "en")).toBe(
      "Mentorship session with Asha Rao on MentorLink.\nTopic: Design\nAgenda: Mock\nMentor's time: T",
    );
    expect(eventDescription(words, "hi")).toBe("MentorLink पर Asha Rao के साथ मेंटरशिप सेशन।\nविषय: Design\nएजेंडा: Mock\nमेंटर का समय: T");
  });
});

describe("the Worker's i18n instances", () => {
  it("one instance per language, reused; an account's null locale is English", () => {
    expect(i18nFor("hi")).toBe(i18nFor("hi"));
    expect(i18nFor("hi")).not.toBe(i18nFor("en"));
    expect(i18nFor("hi").locale).toBe("hi");
    expect(mailLocale(null)).toBe("en");
    expect(mailLocale("hi")).toBe("hi");
    expect(mailLocale("fr")).toBe("en");
  });
});

describe("translateSentence: the Worker's English sentences in the reader's language", () => {
  const NEW_SIGN_IN = "New sign-in to your account. If this wasn't you, change your password.";

  it("a fixed sentence from the messages catalog; English and unknown text unchanged", () => {
    expect(translateSentence(NEW_SIGN_IN, "hi")).toBe("आपके अकाउंट में नया साइन-इन। अगर यह आप नहीं थे, तो अपना पासवर्ड बदलें।");
    expect(translateSentence(NEW_SIGN_IN, "en")).toBe(NEW_SIGN_IN);
    expect(translateSentence("Something the catalog has never seen.", "hi")).toBe("Something the catalog has never seen.");
    expect(translateSentence("", "hi")).toBe("");
  });

  it("a pattern sentence carries its values over", () => {
    const i18n = setupI18n({
      locale: "hi",
      messages: {
        hi: {
          "The session with {0} on {1} was not moved in time, so it was released.":
            "{1} को {0} के साथ सेशन का समय पर समय नहीं बदला गया, इसलिए उसे छोड़ दिया गया।",
          "Plain.": "सादा।",
        },
      },
    });
    // The date is the Worker's English (formatWhen), read back and written in the reader's language.
    const released = "The session with Asha Rao on March 9th 2026, 7:30 pm (Asia/Kolkata) was not moved in time, so it was released.";
    // Without a value reader (the SPA's error path on a public page) the date stays as the Worker wrote it.
    expect(translateSentenceWith(released, i18n)).toBe(
      "March 9th 2026, 7:30 pm (Asia/Kolkata) को Asha Rao के साथ सेशन का समय पर समय नहीं बदला गया, इसलिए उसे छोड़ दिया गया।",
    );
    expect(translateSentenceWith(released, i18n, rewriteWhen)).toBe(
      `${formatWhen(new Date("2026-03-09T14:00:00Z"), "Asia/Kolkata", "hi")} को Asha Rao के साथ सेशन का समय पर समय नहीं बदला गया, इसलिए उसे छोड़ दिया गया।`,
    );
    expect(translateSentenceWith("Plain.", i18n)).toBe("सादा।");
    expect(translateSentenceWith("Reminder: nothing like it", i18n)).toBe("Reminder: nothing like it");
  });

  it("a pattern's values are translated too when the catalog knows them: words, and shorter sentences", () => {
    const i18n = setupI18n({
      locale: "hi",
      messages: {
        hi: {
          'Decided: changed to "{0}". {1}': 'फ़ैसला: बदलकर "{0}"। {1}',
          "missed by the mentor": "मेंटर शामिल नहीं हुआ",
          "Missed: {0} did not join": "छूट गया: {0} नहीं जुड़े",
        },
      },
    });
    expect(translateSentenceWith('Decided: changed to "missed by the mentor". Seen in the room.', i18n)).toBe(
      'फ़ैसला: बदलकर "मेंटर शामिल नहीं हुआ"। Seen in the room.',
    );
    expect(translateSentenceWith('Decided: changed to "Missed: Asha did not join". missed by the mentor', i18n)).toBe(
      'फ़ैसला: बदलकर "छूट गया: Asha नहीं जुड़े"। मेंटर शामिल नहीं हुआ',
    );
  });

  it("the real catalog: the outcome names and the dates the Worker puts into its sentences", () => {
    expect(translateSentence("Outcome changed to missed by both", "hi")).toBe('परिणाम बदलकर "दोनों शामिल नहीं हुए" किया गया');
    const start = new Date("2026-03-09T14:00:00Z");
    expect(formatWhen(start, "Asia/Kolkata", "en")).toBe("March 9th 2026, 7:30 pm (Asia/Kolkata)");
    expect(formatWhen(start, "Asia/Kolkata", "hi")).toMatch(/^9 मार्च 2026, 7:30 pm \(Asia\/Kolkata\)$/);
    expect(
      translateSentence(
        `Attendance dispute about the intro call of ${formatWhen(start, "Asia/Kolkata", "en")}, recorded as "Missed by both". No details given.`,
        "hi",
      ),
    ).toBe(
      `${formatWhen(start, "Asia/Kolkata", "hi")} की परिचय कॉल की उपस्थिति पर आपत्ति, जो "दोनों शामिल नहीं हुए" के रूप में दर्ज है। कोई विवरण नहीं दिया गया।`,
    );
  });
});

describe("parseWhen: the dates in the Worker's English sentences read back", () => {
  it("is formatWhen's inverse in any zone, at midnight, noon and across a DST change; anything else is null", () => {
    for (const [iso, zone] of [
      ["2026-03-09T14:00:00Z", "Asia/Kolkata"],
      ["2026-03-08T07:30:00Z", "America/New_York"],
      ["2026-11-01T05:59:00Z", "America/Los_Angeles"],
      ["2026-12-31T23:00:00Z", "Europe/Berlin"],
      ["2026-06-21T12:00:00Z", "UTC"],
    ] as const) {
      expect(parseWhen(formatWhen(new Date(iso), zone, "en"))).toEqual({ instant: new Date(iso), zone });
    }
    expect(parseWhen("March 9th 2026, 7:30 pm (Mars/Olympus)")).toBeNull();
    expect(parseWhen("Someday 9th 2026, 7:30 pm (UTC)")).toBeNull();
    expect(parseWhen("the session of March 9th 2026")).toBeNull();
  });
});
