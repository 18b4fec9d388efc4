import { describe, expect, it } from "vitest";
import { menteeSignup } from "../support/accounts";
import { baseUrl } from "../support/api";
import { deliveredMail, mailTo } from "../support/mail";

/**
 * E-mails go out in the recipient's language. A mentee who signs up from the Hindi app
 * (the switcher's `lang=hi` cookie, or a browser asking for Hindi) gets her welcome and her
 * verification link in Hindi; an English one gets them in English, word for word.
 */

const register = (body: unknown, headers: Record<string, string>) =>
  fetch(`${baseUrl()}/api/mentees/register`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const DEVANAGARI = /[\u0900-\u097F]/;

describe("mail in the recipient's language", () => {
  it("a mentee who signed up with the lang=hi cookie gets her welcome and verification mail in Hindi", async () => {
    const input = menteeSignup({ firstName: "Priya" });
    expect((await register(input, { cookie: "lang=hi", "accept-language": "en-US" })).status).toBe(201);
    const subjects = (await mailTo(input.email)).map((m) => m.subject);
    expect(subjects).toContain("MentorLink में आपका स्वागत है, Priya");
    expect(subjects).toContain("अपने MentorLink ई-मेल पते की पुष्टि करें");

    const welcome = await deliveredMail(input.email, "MentorLink में आपका स्वागत है, Priya");
    expect(welcome.text).toContain("नमस्ते Priya,");
    expect(welcome.text).not.toContain("Here is how people usually start");
    expect(welcome.html).toContain('<html lang="hi">');
    const verify = await deliveredMail(input.email, "अपने MentorLink ई-मेल पते की पुष्टि करें");
    expect(verify.text).toMatch(DEVANAGARI);
    // The link itself is the same in every language.
    expect(verify.text).toMatch(/\/auth\/verify-email#token=[\w-]+\.[\w-]+/);
  });

  it("a browser that asks for Hindi (Accept-Language) is enough", async () => {
    const input = menteeSignup({ firstName: "Kavya" });
    expect((await register(input, { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" })).status).toBe(201);
    expect((await mailTo(input.email)).map((m) => m.subject)).toContain("MentorLink में आपका स्वागत है, Kavya");
  });

  it("an English sign-up gets the English mails, word for word", async () => {
    const input = menteeSignup({ firstName: "Meera" });
    expect((await register(input, { "accept-language": "en-US,en;q=0.9" })).status).toBe(201);
    const subjects = (await mailTo(input.email)).map((m) => m.subject);
    expect(subjects).toContain("Welcome to MentorLink, Meera");
    expect(subjects).toContain("Confirm your MentorLink e-mail address");
    const welcome = await deliveredMail(input.email, "Welcome to MentorLink, Meera");
    expect(welcome.text).toContain("Hi Meera,\n\nYour MentorLink account is ready. Here is how people usually start:");
    expect(welcome.text).not.toMatch(DEVANAGARI);
    expect(welcome.html).toMatch(/^<!doctype html><html><body /);
  });
});
