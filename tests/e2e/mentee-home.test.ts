import { describe, expect, it } from "vitest";
import { mentorSkills, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { useBrowser, waitForPath } from "../support/browser";
import { openChat, sendAs } from "../support/chat";
import { signInInto } from "../support/find-mentor";
import { createEnrollment } from "../support/moderation";

/** The mentee home in Chromium: a filled home with Join, and a new mentee's empty states that lead somewhere. */

const TIME_ZONE = "Asia/Kolkata";
const b = useBrowser({ timezoneId: TIME_ZONE });
const letters = () =>
  crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6);
const region = (name: string) => b.page.getByRole("region", { name });

describe("the mentee home", () => {
  it("shows her next session with Join, calls left, unread messages and mentors like hers", async () => {
    const page = b.page;
    const tag = letters();
    const mentor = await createMentor({ firstName: "Home", lastName: `Mentor${tag}`, timeZone: "Europe/London" });
    const alike = await createMentor({ firstName: "Alike", lastName: `Mentor${tag}` });
    const skill = `zqhome${tag}`;
    await testDb()
      .insert(mentorSkills)
      .values([
        { mentorId: mentor.id, name: skill, skillKey: skill },
        { mentorId: alike.id, name: skill, skillKey: skill },
      ]);
    const mentee = await createMentee({ firstName: "Hema", lastName: `Home${tag}`, timeZone: TIME_ZONE, bio: "Learning." });
    await createEnrollment(mentee.id, mentor.id);
    // A session starting in 5 minutes, its live room open (written directly: the mentor's notice rules would refuse it now).
    const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    const [slot] = await testDb()
      .insert(timeSlots)
      .values({
        mentorId: mentor.id,
        startAt: start,
        endAt: new Date(start.getTime() + 3_600_000),
        state: "booked",
        type: "session",
        menteeId: mentee.id,
        bookedAt: new Date(),
      })
      .returning();
    const pair = {
      mentee,
      mentor,
      menteeToken: await accessTokenFor("mentee", mentee.id),
      mentorToken: await accessTokenFor("mentor", mentor.id),
    };
    const conversationId = await openChat(pair);
    await sendAs(pair, "mentor", conversationId, "See you soon!");

    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees");
    await page.getByRole("heading", { level: 1, name: `Welcome, Hema Home${tag}` }).waitFor();

    const next = region("Your next session");
    await next.getByText(`Home Mentor${tag}`).waitFor();
    const expected = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit" }).format(start);
    expect((await next.innerText()).toLowerCase()).toContain(expected.toLowerCase());
    expect(await next.getByRole("link", { name: "Join session" }).getAttribute("href")).toBe(`/mentees/connect/live/${slot!.id}`);

    expect(await region("Calls left this period").getByTestId("calls-left").innerText()).toBe("3 of 4 calls left");
    expect(await region("Messages").getByTestId("home-unread").innerText()).toContain("1 unread message in 1 conversation");
    const suggested = region("Mentors for you");
    await suggested.getByRole("link", { name: `Alike Mentor${tag}` }).waitFor();
    expect(await suggested.getByRole("link", { name: `Home Mentor${tag}` }).count()).toBe(0);

    await region("Messages").getByRole("link", { name: "Open inbox" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/mentees/connect/inbox"));
  });

  it("a new mentee's home leads somewhere: Browse mentors, Complete profile, suggestions", async () => {
    const page = b.page;
    // Her zone is given: the SPA would otherwise set the browser's at sign-in, racing the home's first read.
    const mentee = await createMentee({ firstName: "Nova", lastName: `New${letters()}`, timeZone: "Asia/Kolkata" });
    await signInInto(page, "mentee", mentee);
    await page.goto("/mentees");
    const next = region("Your next session");
    await next.getByText("No session booked yet").waitFor();
    expect(await region("Messages").innerText()).toContain("You're all caught up.");
    expect(await page.getByRole("note").innerText()).toContain("Complete your profile: add a photo and a few lines about you");
    expect(await region("Mentors for you").getByRole("listitem").count()).toBeGreaterThan(0);

    await next.getByRole("link", { name: "Browse mentors" }).click();
    await waitForPath(page, "/mentees/browse/mentor/all");
    await page.goBack();
    await page.getByRole("link", { name: "Complete profile" }).click();
    await waitForPath(page, "/mentees/profile");
  });
});
