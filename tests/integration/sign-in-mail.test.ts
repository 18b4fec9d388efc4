import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentees } from "../../db/schema";
import { formatWhen } from "../../shared/zoned-time";
import { createMentee, createMentor, menteeSignup, testDb } from "../support/accounts";
import { baseUrl, rest } from "../support/api";
import { eventuallyDeliveredMail, mailTo } from "../support/mail";

/**
 * A sign-in is mailed to the account's owner (ADR 0006, ADR 0011): the browser, the time in her zone and the page that
 * secures her account, in her language; not her very first sign-in after signing up.
 */

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const MAC_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

async function signInFrom(role: "mentee" | "mentor", email: string, password: string, userAgent: string, now: Date) {
  const response = await fetch(`${baseUrl()}/api/${role}s/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent, "x-mentorlink-now": now.toISOString() },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
}

const signInMails = async (to: string) => (await mailTo(to)).filter((m) => /sign-in|साइन-इन/.test(m.subject));

describe("a sign-in is mailed", () => {
  it("not the first sign-in after signing up; the next one names the device, her time and the page to secure the account", async () => {
    const input = menteeSignup();
    expect((await rest("POST", "/api/mentees/register", { body: input })).status).toBe(201);
    await testDb().update(mentees).set({ timeZone: "America/New_York" }).where(eq(mentees.email, input.email));

    const first = new Date(Date.now() + 1000);
    await signInFrom("mentee", input.email, DEMO_PASSWORD, MAC_SAFARI, first);
    // The mail is written before the answer: none was.
    expect(await signInMails(input.email)).toEqual([]);

    const second = new Date(first.getTime() + 60_000);
    await signInFrom("mentee", input.email, DEMO_PASSWORD, ANDROID_CHROME, second);
    const mail = await eventuallyDeliveredMail(input.email, /^New sign-in to your MentorLink account$/);
    expect(mail.text).toContain("Device: Chrome on Android");
    expect(mail.text).toContain(`When (approximately): ${formatWhen(second, "America/New_York", "en")}`);
    expect(mail.text).toContain("(America/New_York)");
    expect(mail.text).toContain("How: With your password");
    expect(mail.text).toContain(`${baseUrl()}/mentees/profile`);
    expect(mail.html).toContain(`${baseUrl()}/mentees/profile`);
    expect(await signInMails(input.email)).toHaveLength(1);
    // The urgent lane: nobody should wait behind welcome mails and receipts for this one.
    expect((await signInMails(input.email))[0].lane).toBe("urgent");
  });

  it("in Hindi for a mentor who chose Hindi, in his zone, with his own profile page", async () => {
    const mentor = await createMentor({ locale: "hi", timeZone: "Asia/Kolkata" });
    const first = new Date(Date.now() + 1000);
    await signInFrom("mentor", mentor.email, DEMO_PASSWORD, MAC_SAFARI, first);
    expect(await signInMails(mentor.email)).toEqual([]);
    const second = new Date(first.getTime() + 60_000);
    await signInFrom("mentor", mentor.email, DEMO_PASSWORD, MAC_SAFARI, second);
    const mail = await eventuallyDeliveredMail(mentor.email, /^आपके MentorLink अकाउंट में नया साइन-इन$/);
    expect(mail.text).toContain("डिवाइस: macOS पर Safari");
    expect(mail.text).toContain(formatWhen(second, "Asia/Kolkata", "hi"));
    expect(mail.text).toContain("अपना अकाउंट सुरक्षित करें");
    expect(mail.text).toContain(`${baseUrl()}/mentors/profile`);
  });

  it("an account older than a sign-in's lifetime with no sign-in on record (pruned) is mailed on its next sign-in", async () => {
    const mentee = await createMentee({ createdAt: new Date(Date.now() - 45 * 24 * 3600_000) });
    await signInFrom("mentee", mentee.email, DEMO_PASSWORD, "", new Date(Date.now() + 1000));
    const mail = await eventuallyDeliveredMail(mentee.email, /^New sign-in to your MentorLink account$/);
    // A browser that does not say what it is is named as such, not guessed.
    expect(mail.text).toContain("Device: an unknown browser");
  });
});
