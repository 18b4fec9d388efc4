import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees } from "../../db/schema";
import { accessTokenFor, createMentee, menteeSignup, signIn, testDb } from "../support/accounts";
import { baseUrl, rest, trpc, trpcOutcome } from "../support/api";

/** The Worker answers each reader in her language: the pages it draws, and the choice kept in her account. */

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, { headers: { accept: "text/html", ...headers } });
const langOf = (html: string) => /<html lang="([a-z-]+)"/.exec(html)?.[1];

describe("languages", () => {
  it("draws the landing in Hindi for a browser that asks for it, and in English otherwise", async () => {
    const hindi = await (await page("/", { "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" })).text();
    expect(langOf(hindi)).toBe("hi");
    expect(hindi).toContain("मेंटर खोजें");
    expect(hindi).not.toContain(">Find a Mentor<");

    const english = await (await page("/", { "accept-language": "en-US,en;q=0.9" })).text();
    expect(langOf(english)).toBe("en");
    expect(english).toContain("Find a Mentor");

    // A language we do not have falls back to English; a lower-ranked Hindi still wins over it.
    expect(langOf(await (await page("/", { "accept-language": "fr-FR" })).text())).toBe("en");
    expect(langOf(await (await page("/", { "accept-language": "fr-FR, hi;q=0.5" })).text())).toBe("hi");
  });

  it("lets the switcher's cookie win over the browser's languages, on drawn pages and on every page of the app", async () => {
    const chosenEnglish = await (await page("/", { "accept-language": "hi", cookie: "lang=en" })).text();
    expect(langOf(chosenEnglish)).toBe("en");
    const profile = await (await page("/browse/mentor/profile/no-such-mentor", { cookie: "lang=hi" })).text();
    expect(langOf(profile)).toBe("hi");
    for (const path of ["/mentees", "/auth/login", "/browse/mentor/all"]) {
      const response = await page(path, { cookie: "theme=x; lang=hi" });
      expect(response.status).toBe(200);
      expect(langOf(await response.text())).toBe("hi");
    }
    // A file is a file whatever the language; a nonsense cookie is ignored.
    expect(langOf(await (await page("/mentees", { cookie: "lang=xx" })).text())).toBe("en");
  });

  it("keeps a signed-in person's choice in her account, gives it back at sign-in, and refuses anything else", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    expect(await trpc(token).auth.setLocale.mutate({ locale: "hi" })).toEqual({ locale: "hi" });
    const [row] = await testDb().select({ locale: mentees.locale }).from(mentees).where(eq(mentees.id, mentee.id));
    expect(row.locale).toBe("hi");
    const login = await trpc().auth.login.mutate({ role: "mentee", email: mentee.email, password: "Passw0rd!" });
    expect(login.user.locale).toBe("hi");

    const bad = await trpcOutcome(trpc(token).auth.setLocale.mutate({ locale: "fr" as never }));
    expect(bad.status).toBe(400);
    expect(bad.message).toBe("Choose English or Hindi");
    expect((await trpcOutcome(trpc().auth.setLocale.mutate({ locale: "hi" }))).status).toBe(401);
    // The REST login of SPEC §7 is unchanged, and still signs her in.
    expect((await signIn("mentee", mentee.email)).accessToken).toBeTruthy();
  });

  it("keeps the language a mentee signed up in, for her mail", async () => {
    const signup = menteeSignup();
    const response = await fetch(`${baseUrl()}/api/mentees/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "hi-IN,hi;q=0.9" },
      body: JSON.stringify(signup),
    });
    expect(response.status).toBeLessThan(300);
    const [row] = await testDb()
      .select({ locale: mentees.locale })
      .from(mentees)
      .where(eq(mentees.email, String(signup.email).toLowerCase()));
    expect(row.locale).toBe("hi");
    const english = menteeSignup();
    await rest("POST", "/api/mentees/register", { body: english });
    const [other] = await testDb()
      .select({ locale: mentees.locale })
      .from(mentees)
      .where(eq(mentees.email, String(english.email).toLowerCase()));
    expect(other.locale).toBe("en");
  });
});
