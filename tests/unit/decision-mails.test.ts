import { describe, expect, it } from "vitest";
import { applicationAcceptedMail, applicationRejectedMail } from "../../worker/mail/application-mails";
import { rescheduleRequestMail } from "../../worker/mail/schedule-mails";

/** The mails a person gets from someone else's decision (a moderator's on an application, a mentor's ask to move), in the reader's language. */

const DEVANAGARI = /[\u0900-\u097F]/;
const reapplyAt = new Date("2026-12-29T10:00:00Z");

describe("an applicant's decision mail", () => {
  it("says he was accepted, in English word for word", () => {
    const mail = applicationAcceptedMail({ email: "ravi@example.test", first: "Ravi", locale: "en" });
    expect(mail.subject).toBe("Your MentorLink mentor application was accepted");
    expect(mail.text).toContain("Hello Ravi,");
    expect(mail.text).toContain("Welcome to MentorLink! Your application has been accepted.");
  });

  it("gives the moderator's reason and the day he may apply again, in Hindi for a Hindi reader", () => {
    const en = applicationRejectedMail(
      { email: "ravi@example.test", first: "Ravi", locale: "en" },
      "Add your LinkedIn, please.",
      reapplyAt,
    );
    expect(en.text).toContain("Add your LinkedIn, please.");
    expect(en.text).toMatch(/You can apply again from December 29th 2026 \(UTC\)\./);
    const hi = applicationRejectedMail({ email: "ravi@example.test", first: "Ravi", locale: "hi" }, "कृपया LinkedIn जोड़ें।", reapplyAt);
    expect(hi.subject).toMatch(DEVANAGARI);
    expect(hi.text).toContain("कृपया LinkedIn जोड़ें।");
    expect(hi.text).toContain("(UTC) से फिर आवेदन कर सकते हैं");
    expect(hi.html).toContain('lang="hi"');
  });
});

describe("a mentor's ask to move a session", () => {
  const ask = {
    to: "priya@example.test",
    first: "Priya",
    mentorName: "Asha Rao",
    mentorFirst: "Asha",
    when: "December 1st 2026, 6:00 pm",
    message: "A work trip came up.",
  };

  it("quotes his words and says what she can do, in English", () => {
    const mail = rescheduleRequestMail({ ...ask, locale: "en" });
    expect(mail.subject).toBe("Asha Rao asked you to pick another time");
    expect(mail.text).toContain('"A work trip came up."');
    expect(mail.text).toContain("Pick another time on Asha's schedule before the session starts");
  });

  it("is written in Hindi for a Hindi reader, his words as he wrote them", () => {
    const mail = rescheduleRequestMail({ ...ask, locale: "hi" });
    expect(mail.subject).toBe("Asha Rao ने आपसे कोई दूसरा समय चुनने को कहा है");
    expect(mail.text).toContain('"A work trip came up."');
    expect(mail.text).not.toContain("Pick another time");
  });
});
