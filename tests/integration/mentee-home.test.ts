import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees, mentorSkills } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { openChat, sendAs } from "../support/chat";
import { createEnrollment } from "../support/moderation";
import { book, hoursAhead, publishOne } from "../support/scheduling";

/** The mentee home: mentees.home answers her next session, calls left, unread messages and suggested mentors. */

const letters = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8);

async function mentorWithSkills(skills: string[]) {
  const row = await createMentor({ firstName: "Home", lastName: `Mentor${letters()}`, timeZone: "Asia/Kolkata" });
  await testDb()
    .insert(mentorSkills)
    .values(skills.map((name) => ({ mentorId: row.id, name, skillKey: name.toLowerCase() })));
  return { row, token: await accessTokenFor("mentor", row.id) };
}

describe("mentees.home", () => {
  it("a new mentee: nothing booked, no subscription, nothing unread, top-rated suggestions, and what her profile lacks", async () => {
    const me = await createMentee();
    const home = await trpc(await accessTokenFor("mentee", me.id)).mentees.home.query({});
    expect(home.nextSession).toBeNull();
    expect(home.upcomingSessions).toBe(0);
    expect(home.subscriptions).toEqual([]);
    expect(home.unread).toEqual({ conversations: 0, messages: 0 });
    expect(home.suggestions.basis).toBe("rating");
    expect(home.suggestions.mentors.length).toBeGreaterThan(0);
    expect(home.suggestions.mentors.length).toBeLessThanOrEqual(4);
    expect(home.profileMissing).toEqual(["photo", "about", "timeZone"]);
  });

  it("her next session, calls left per subscription, unread conversations, and mentors who share her mentor's skills", async () => {
    const tag = letters();
    const shared = `zqhome${tag} design`;
    const [mine, alike, other] = await Promise.all([
      mentorWithSkills([shared]),
      mentorWithSkills([shared.toUpperCase(), "Go"]),
      mentorWithSkills([`zqelse${tag}`]),
    ]);
    const me = await createMentee({ timeZone: "America/New_York", bio: "Learning." });
    await testDb().update(mentees).set({ bio: "Learning." }).where(eq(mentees.id, me.id));
    await createEnrollment(me.id, mine.row.id);
    const token = await accessTokenFor("mentee", me.id);

    const later = await publishOne(mine.token, hoursAhead(72));
    const sooner = await publishOne(mine.token, hoursAhead(48));
    for (const slot of [later, sooner]) expect((await book(token, slot)).status).toBe(201);

    const conversationId = await openChat({ mentee: me, mentor: mine.row, menteeToken: token, mentorToken: mine.token });
    for (const text of ["Hello!", "See you Thursday."])
      expect(
        (await sendAs({ mentee: me, mentor: mine.row, menteeToken: token, mentorToken: mine.token }, "mentor", conversationId, text))
          .status,
      ).toBeLessThan(300);

    const home = await trpc(token).mentees.home.query({});
    expect(home.nextSession).toMatchObject({ id: sooner, mentorId: mine.row.id, mentorTimeZone: "Asia/Kolkata" });
    expect(home.upcomingSessions).toBe(2);
    expect(home.subscriptions).toEqual([
      expect.objectContaining({ mentorId: mine.row.id, callsLeft: 2, callsPerPeriod: 4, status: "active" }),
    ]);
    expect(home.unread).toEqual({ conversations: 1, messages: 2 });
    // Suggested from her subscription's skills: the mentor who shares one, never her own mentor.
    expect(home.suggestions.basis).toBe("subscriptions");
    expect(home.suggestions.mentors.map((m) => m.id)).toEqual([alike.row.id]);
    expect(home.profileMissing).toEqual(["photo"]);

    // Her recent searches (kept in her browser) come first when they match a skill.
    const searched = await trpc(token).mentees.home.query({ searches: [`ZQELSE${tag}`, "x"] });
    expect(searched.suggestions).toMatchObject({ basis: "searches", mentors: [expect.objectContaining({ id: other.row.id })] });
    // A search that matches nobody falls back to her subscriptions' skills.
    const unmatched = await trpc(token).mentees.home.query({ searches: [`zqnothing${tag}`] });
    expect(unmatched.suggestions.basis).toBe("subscriptions");
  });

  it("is the signed-in mentee's own, and refuses bad input with a 400", async () => {
    const mentor = await createMentor();
    expect((await trpcOutcome(trpc().mentees.home.query({}))).status).toBe(401);
    expect((await trpcOutcome(trpc(await accessTokenFor("mentor", mentor.id)).mentees.home.query({}))).status).toBe(403);
    const token = await accessTokenFor("mentee", (await createMentee()).id);
    const tooMany = await trpcOutcome(trpc(token).mentees.home.query({ searches: ["a", "b", "c", "d", "e", "f"] }));
    expect(tooMany).toMatchObject({ status: 400, message: "At most 5 searches" });
    expect((await trpcOutcome(trpc(token).mentees.home.query({ searches: ["x".repeat(101)] }))).status).toBe(400);
  });

  it("the demo mentee's home is filled: her next session, her subscription with calls left, and suggestions", async () => {
    const demo = await testDb().query.mentees.findFirst({ where: eq(mentees.email, "mentee@example.com") });
    const home = await trpc(await accessTokenFor("mentee", demo!.id)).mentees.home.query({});
    expect(home.nextSession).toMatchObject({ menteeId: demo!.id, mentorName: expect.stringMatching(/Asha Rao/) });
    expect(home.subscriptions.length).toBeGreaterThan(0);
    expect(home.subscriptions[0]).toMatchObject({ mentorName: expect.stringMatching(/Asha Rao/), callsPerPeriod: 4 });
    expect(home.suggestions.mentors.length).toBeGreaterThan(0);
  });
});
