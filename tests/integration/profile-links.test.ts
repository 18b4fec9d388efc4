import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentors } from "../../db/schema";
import { createMentor, mentorApplication, signIn, testDb } from "../support/accounts";
import { errorBody, rest } from "../support/api";

/** A mentor's website, Twitter and LinkedIn links are http(s) only, on application and on edit. */

const FIELDS = [
  ["website", "Website"],
  ["twitterUrl", "Twitter URL"],
  ["linkedInUrl", "LinkedIn URL"],
] as const;
const HOSTILE = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)"];
const cases = FIELDS.flatMap(([field, label]) => HOSTILE.map((link) => [field, label, link] as const));

describe("profile links", () => {
  it.each(cases)("an application with %s = %j is refused with 400 and nothing is stored", async (field, label, link) => {
    const input = mentorApplication({ [field]: link });
    expect(await rest("POST", "/api/mentors/register", { body: input })).toEqual({
      status: 400,
      body: errorBody(`${label} must start with https:// or http://`),
    });
    expect(await testDb().query.mentors.findFirst({ where: eq(mentors.email, input.email as string) })).toBeUndefined();
  });

  it("an application with https links in every field is accepted", async () => {
    const input = mentorApplication({
      website: "https://example.com",
      twitterUrl: "https://x.com/asha",
      linkedInUrl: "http://linkedin.com/in/asha",
    });
    expect((await rest("POST", "/api/mentors/register", { body: input })).status).toBe(201);
    const row = await testDb().query.mentors.findFirst({ where: eq(mentors.email, input.email as string) });
    expect(row).toMatchObject({
      website: "https://example.com",
      twitterUrl: "https://x.com/asha",
      linkedInUrl: "http://linkedin.com/in/asha",
    });
  });

  it("a profile edit with a non-http(s) link in any field is refused with 400 and changes nothing; https is saved", async () => {
    const mentor = await createMentor({ website: "https://before.example" });
    const { accessToken } = await signIn("mentor", mentor.email);
    const edit = (body: Record<string, string>) => rest("PATCH", `/api/mentors/edit-profile/${mentor.id}`, { token: accessToken, body });
    for (const [field, label, link] of cases) {
      expect(await edit({ [field]: link })).toEqual({ status: 400, body: errorBody(`${label} must start with https:// or http://`) });
    }
    const row = await testDb().query.mentors.findFirst({ where: eq(mentors.id, mentor.id) });
    expect(row).toMatchObject({ website: "https://before.example" });
    const saved = await edit({
      website: "https://example.com",
      twitterUrl: "https://x.com/asha",
      linkedInUrl: "https://linkedin.com/in/asha",
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        profileData: { website: "https://example.com", twitterUrl: "https://x.com/asha", linkedInUrl: "https://linkedin.com/in/asha" },
      },
    });
  });
});
